import type { Kysely } from "kysely";
import type { z } from "zod";
import { AppError, inTransaction, type Actor, type CoreTables, type TxOptions } from "@unified-commerce/plugin-sdk";
import { marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { auditKeyRevocations } from "./vendor-keys.js";
import type { vendorMemberSchema } from "./vendor-schemas.js";
import { addMemberRow, readVendorRow } from "./vendors.js";

export type VendorMember = z.output<typeof vendorMemberSchema>;

/** Vendor self-service for an actor that acts for no vendor: the same 404 as an unknown vendor. */
const notAVendor = () => AppError.notFound("Vendor of this account");

/**
 * The vendor an actor acts for: an API key bound to a vendor (`POST /vendors/:id/api-keys`), else the
 * user behind the actor (its own session, or a user-bound key) through the member table. 404 for an
 * actor of no vendor, so self-service routes never reveal which vendors exist.
 */
export async function vendorIdOfActor(db: Kysely<CoreTables>, actor: Actor): Promise<string> {
  const scope = marketplaceScope(db, actor.organizationId);
  if (actor.type === "apiKey") {
    const bound = await scope
      .selectFrom("marketplaceVendorKeys")
      .select("vendorId")
      .where("apiKeyId", "=", actor.id)
      .executeTakeFirst();
    if (bound) return bound.vendorId;
  }
  const userId = actor.type === "user" ? actor.id : actor.userId;
  if (!userId) throw notAVendor();
  const member = await scope
    .selectFrom("marketplaceVendorMembers")
    .select("vendorId")
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!member) throw notAVendor();
  return member.vendorId;
}

export function createVendorMemberOperations(context: MarketplaceContext) {
  const { database, events, services } = context;
  return {
    /** The vendor the actor acts for (404 for none). */
    vendorIdOf: (actor: Actor, options?: TxOptions): Promise<string> =>
      vendorIdOfActor(options?.trx ?? database.db, actor),

    listMembers: async (organizationId: string, vendorId: string, options?: TxOptions): Promise<VendorMember[]> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      const rows = await marketplaceScope(db, organizationId)
        .selectFrom("marketplaceVendorMembers")
        .select(["vendorId", "userId", "createdAt"])
        .where("vendorId", "=", vendorId)
        .orderBy("createdAt")
        .execute();
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    addMember: (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      userId: string,
      options?: TxOptions,
    ): Promise<VendorMember> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId, true);
        const createdAt = await addMemberRow(trx, organizationId, vendorId, userId);
        await events.emit(
          {
            organizationId,
            type: "marketplace.memberChange",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, userId, isMember: true },
            actor,
          },
          { trx },
        );
        return { vendorId, userId, createdAt: createdAt.toISOString() };
      }),

    /** Removes a member and revokes the vendor keys minted for them (each audited with the removal). */
    removeMember: async (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      userId: string,
      options?: TxOptions,
    ): Promise<{ vendorId: string; userId: string }> => {
      const keys = await inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId, true);
        const scope = marketplaceScope(trx, organizationId);
        const removed = await scope
          .deleteFrom("marketplaceVendorMembers")
          .where("vendorId", "=", vendorId)
          .where("userId", "=", userId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw AppError.notFound("Member of this vendor");
        await events.emit(
          {
            organizationId,
            type: "marketplace.memberChange",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, userId, isMember: false },
            actor,
          },
          { trx },
        );
        const unbound = await scope
          .deleteFrom("marketplaceVendorKeys")
          .where("vendorId", "=", vendorId)
          .where("userId", "=", userId)
          .returning(["apiKeyId", "vendorId", "userId"])
          .execute();
        await auditKeyRevocations(context, trx, { organizationId, actor, reason: "memberRemoved", keys: unbound });
        return unbound;
      });
      // Revoked once the removal committed (the auth plugin writes on its own connection). Should a
      // revocation fail, the key already reaches nothing here: its binding and its user's membership are gone.
      for (const key of keys) await services.memberCredentials?.revokeKey(organizationId, key.apiKeyId, { actor });
      return { vendorId, userId };
    },
  };
}
