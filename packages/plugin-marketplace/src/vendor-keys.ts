import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { AppError, hasPermission, type Actor, type CoreTables } from "@unified-commerce/plugin-sdk";
import { isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import type { vendorKeySchema } from "./vendor-schemas.js";
import { readVendorRow } from "./vendors.js";

export type VendorKey = z.output<typeof vendorKeySchema>;

/** The API-key scope of vendor keys: `marketplace:vendor` only, so a leaked key reaches one vendor's self-service. */
export const VENDOR_KEY_SCOPE = "vendor";

/** Mints vendor keys for any member of any vendor (and revokes any). */
export const VENDOR_KEY_ADMIN_PERMISSION = "marketplace:admin";

const DAY_SECONDS = 86_400;

const mayNotMint = () =>
  AppError.forbidden(
    `A vendor key is minted by the vendor's member for themselves, signed in (not with a key), or by ${VENDOR_KEY_ADMIN_PERMISSION}`,
  );

/** Whether `userId` acts for the vendor; `isLocked` holds the membership row until the transaction ends. */
async function isMemberOf(
  db: Kysely<CoreTables>,
  input: { organizationId: string; vendorId: string; userId: string },
  isLocked = false,
): Promise<boolean> {
  const query = marketplaceScope(db, input.organizationId)
    .selectFrom("marketplaceVendorMembers")
    .select("userId")
    .where("vendorId", "=", input.vendorId)
    .where("userId", "=", input.userId);
  return (await (isLocked ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
}

/** Why a vendor key's binding ended, in the `marketplace.vendorKeyRevoke` audit entry. */
export type VendorKeyRevokeReason = "revoked" | "memberRemoved";

/**
 * Writes the audit trail of vendor keys that lose their binding, in the caller's transaction (the one
 * that deletes the bindings): one `marketplace.vendorKeyRevoke` event per key.
 */
export async function auditKeyRevocations(
  context: Pick<MarketplaceContext, "events">,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    actor: Actor | null;
    reason: VendorKeyRevokeReason;
    keys: readonly { apiKeyId: string; vendorId: string; userId: string }[];
  },
): Promise<void> {
  for (const key of input.keys) {
    await context.events.emit(
      {
        organizationId: input.organizationId,
        type: "marketplace.vendorKeyRevoke",
        entityType: "vendor",
        entityId: key.vendorId,
        payload: { ...key, reason: input.reason },
        actor: input.actor,
      },
      { trx },
    );
  }
}

/**
 * Vendor keys: API keys of the `vendor` scope minted for a vendor's member and bound to the vendor. A key
 * acts as its member (refund caps count on them) while its actor's id stays the key's, so refunds and the
 * audit log can name the credential. Only the member (for themselves, signed in) or `marketplace:admin`
 * mints one: staff who run vendors (`marketplace:manage`) cannot make a credential that acts as a seller.
 */
export function createVendorKeyOperations(context: MarketplaceContext) {
  const { database, events, services, settings } = context;
  return {
    /**
     * Mints a key for `userId` (default: the caller), a member of the vendor. 403 for a caller who is
     * neither that member's own session nor `marketplace:admin`; 404 for a user who is not the vendor's
     * member; the key expires after `expiresInSeconds`, else the plugin's `vendorKeyDays`. The binding and
     * the `marketplace.vendorKeyCreate` audit entry commit together; a key whose binding fails is revoked.
     * Needs the authentication plugin (`services.memberCredentials`): without it, 409.
     */
    async create(input: {
      organizationId: string;
      actor: Actor;
      vendorId: string;
      userId?: string | undefined;
      expiresInSeconds?: number | undefined;
    }): Promise<VendorKey> {
      const { organizationId, actor, vendorId } = input;
      const isAdmin = hasPermission(actor, VENDOR_KEY_ADMIN_PERMISSION);
      const userId = input.userId ?? (actor.type === "user" ? actor.id : undefined);
      // A key never mints keys: a leaked one cannot outlive its expiry by minting its successor.
      if (!isAdmin && (actor.type !== "user" || userId !== actor.id)) throw mayNotMint();
      if (userId === undefined)
        throw AppError.validation([
          { path: "body.userId", message: "required when the caller is not a signed-in user" },
        ]);
      const credentials = services.memberCredentials;
      if (!credentials) throw AppError.conflict("API keys need the authentication plugin");
      // The same 403 whether or not the vendor exists: a signed-in stranger learns nothing.
      if (!isAdmin && !(isUuid(vendorId) && (await isMemberOf(database.db, { organizationId, vendorId, userId }))))
        throw mayNotMint();
      await readVendorRow(database.db, organizationId, vendorId);
      if (!(await isMemberOf(database.db, { organizationId, vendorId, userId })))
        throw AppError.notFound("Member of this vendor");
      // Minted outside our transaction: the auth plugin writes on its own connection (and PGlite has only
      // one). The binding is then written under a lock on the membership; if the member was removed
      // meanwhile, or anything fails, the key is revoked so no unbound vendor key survives.
      const minted = await credentials.mintMemberKey({
        organizationId,
        userId,
        scope: VENDOR_KEY_SCOPE,
        name: `vendor ${vendorId}`,
        expiresInSeconds: input.expiresInSeconds ?? Math.floor(settings.vendorKeyDays * DAY_SECONDS),
        // The auth plugin's `api-keys.create` entry names the minter too, as ours does.
        actor,
      });
      const expiresAt = minted.expiresAt?.toISOString() ?? null;
      try {
        await database.transaction(async (trx) => {
          if (!(await isMemberOf(trx, { organizationId, vendorId, userId }, true)))
            throw AppError.notFound("Member of this vendor");
          await marketplaceScope(trx, organizationId)
            .insertInto("marketplaceVendorKeys", { apiKeyId: minted.id, vendorId, userId, createdAt: new Date() })
            .execute();
          // Audited with the binding: the entry names who minted (the actor), for whom, and until when.
          await events.emit(
            {
              organizationId,
              type: "marketplace.vendorKeyCreate",
              entityType: "vendor",
              entityId: vendorId,
              payload: { vendorId, apiKeyId: minted.id, userId, expiresAt },
              actor,
            },
            { trx },
          );
        });
      } catch (error) {
        await credentials.revokeKey(organizationId, minted.id, { actor });
        throw error;
      }
      return { id: minted.id, vendorId, userId, key: minted.key, scope: minted.scope, expiresAt };
    },

    /**
     * Revokes a vendor key: by staff (`marketplace:manage`), `marketplace:admin`, or the member it acts
     * for (signed in); 404 for anyone else and for a key not bound to this vendor. The key is revoked in
     * the authentication plugin first (its own connection), then its binding goes with the
     * `marketplace.vendorKeyRevoke` audit entry in one transaction: should that fail, the key is already
     * dead and a retry finishes the job.
     */
    async revoke(input: {
      organizationId: string;
      actor: Actor;
      vendorId: string;
      apiKeyId: string;
    }): Promise<{ id: string; vendorId: string; isRevoked: true }> {
      const { organizationId, actor, vendorId, apiKeyId } = input;
      const notFound = () => AppError.notFound("Vendor key");
      await readVendorRow(database.db, organizationId, vendorId);
      const binding = await marketplaceScope(database.db, organizationId)
        .selectFrom("marketplaceVendorKeys")
        .select(["apiKeyId", "vendorId", "userId"])
        .where("vendorId", "=", vendorId)
        .where("apiKeyId", "=", apiKeyId)
        .executeTakeFirst();
      if (!binding) throw notFound();
      const isStaff = hasPermission(actor, "marketplace:manage") || hasPermission(actor, VENDOR_KEY_ADMIN_PERMISSION);
      if (!isStaff && !(actor.type === "user" && actor.id === binding.userId)) throw notFound();
      await services.memberCredentials?.revokeKey(organizationId, apiKeyId, { actor });
      await database.transaction(async (trx) => {
        const removed = await marketplaceScope(trx, organizationId)
          .deleteFrom("marketplaceVendorKeys")
          .where("vendorId", "=", vendorId)
          .where("apiKeyId", "=", apiKeyId)
          .returning(["apiKeyId", "vendorId", "userId"])
          .execute();
        await auditKeyRevocations(context, trx, { organizationId, actor, reason: "revoked", keys: removed });
      });
      return { id: apiKeyId, vendorId, isRevoked: true };
    },
  };
}
