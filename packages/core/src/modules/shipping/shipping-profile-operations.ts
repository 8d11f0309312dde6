import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import {
  emitShippingEvent,
  PROFILE_COLUMNS,
  shippingScope,
  toProfile,
  type ShippingContext,
  type ShippingProfile,
} from "./shipping-context.js";
import { shippingErrorReasons, shippingErrors } from "./shipping-errors.js";
import type { shippingProfileBody } from "./shipping-schemas.js";

export type ShippingProfileInput = z.input<typeof shippingProfileBody>;

type Db = Parameters<typeof shippingScope>[0];

export async function requireProfile(db: Db, organizationId: string, id: string): Promise<ShippingProfile> {
  const row = await shippingScope(db, organizationId)
    .selectFrom("shippingProfiles")
    .select(PROFILE_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw shippingErrors.profileNotFound();
  return toProfile(row);
}

/** Writers of one organization's default profile take turns (an advisory lock), as tax classes do. */
const lockDefault = (trx: Transaction<CoreTables>, organizationId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`shipping_profiles.default:${organizationId}`}))`.execute(trx);

async function becomeDefault(trx: Transaction<CoreTables>, organizationId: string, id: string): Promise<void> {
  await lockDefault(trx, organizationId);
  const scope = shippingScope(trx, organizationId);
  await scope
    .updateTable("shippingProfiles")
    .set({ isDefault: false, updatedAt: new Date() })
    .where("isDefault", "=", true)
    .where("id", "!=", id)
    .execute();
  await scope
    .updateTable("shippingProfiles")
    .set({ isDefault: true, updatedAt: new Date() })
    .where("id", "=", id)
    .execute();
}

/**
 * The organization's default profile, made (named `default`) when it has none: an option created without
 * a profile ships with it, so a store that never thinks of profiles has exactly one.
 */
export async function ensureDefaultProfile(trx: Transaction<CoreTables>, organizationId: string): Promise<string> {
  await lockDefault(trx, organizationId);
  const scope = shippingScope(trx, organizationId);
  const found = await scope
    .selectFrom("shippingProfiles")
    .select("id")
    .where("isDefault", "=", true)
    .executeTakeFirst();
  if (found) return found.id;
  const id = randomUUID();
  await scope
    .insertInto("shippingProfiles", { id, name: "default", isDefault: true })
    .onConflict((oc) => oc.columns(["organizationId", "name"]).doUpdateSet({ isDefault: true, updatedAt: new Date() }))
    .execute();
  const made = await scope.selectFrom("shippingProfiles").select("id").where("isDefault", "=", true).executeTakeFirst();
  return made?.id ?? id;
}

export function createShippingProfileOperations(context: ShippingContext) {
  return {
    /** A duplicate name is a 409; `isDefault` unsets the previous default in the same transaction. */
    createProfile: (
      organizationId: string,
      input: ShippingProfileInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingProfile> =>
      inTransaction(context.database, options, async (trx) => {
        const id = randomUUID();
        await shippingScope(trx, organizationId)
          .insertInto("shippingProfiles", { id, name: input.name, isDefault: false })
          .execute();
        if (input.isDefault) await becomeDefault(trx, organizationId, id);
        const created = await requireProfile(trx, organizationId, id);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.create",
          entityType: "shippingProfile",
          entityId: id,
          payload: { after: created },
          actor,
        });
        return created;
      }),

    /** `isDefault: true` moves the default here; a default cannot be unset but by making another one default. */
    updateProfile: (
      organizationId: string,
      id: string,
      input: Partial<ShippingProfileInput>,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingProfile> =>
      inTransaction(context.database, options, async (trx) => {
        const before = await requireProfile(trx, organizationId, id);
        if (input.name !== undefined)
          await shippingScope(trx, organizationId)
            .updateTable("shippingProfiles")
            .set({ name: input.name, updatedAt: new Date() })
            .where("id", "=", id)
            .execute();
        if (input.isDefault === true && !before.isDefault) await becomeDefault(trx, organizationId, id);
        const after = await requireProfile(trx, organizationId, id);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shippingProfile",
          entityId: id,
          payload: { before, after },
          actor,
        });
        return after;
      }),

    /** Refused (409) for the default profile and for a profile that still has options. */
    deleteProfile: (
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingProfile> =>
      inTransaction(context.database, options, async (trx) => {
        const before = await requireProfile(trx, organizationId, id);
        if (before.isDefault) throw shippingErrorReasons.error("DEFAULT_PROFILE");
        const scope = shippingScope(trx, organizationId);
        const used = await scope
          .selectFrom("shippingOptions")
          .select("id")
          .where("profileId", "=", id)
          .executeTakeFirst();
        if (used) throw shippingErrorReasons.error("PROFILE_IN_USE");
        await scope.deleteFrom("shippingProfiles").where("id", "=", id).execute();
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.delete",
          entityType: "shippingProfile",
          entityId: id,
          payload: { before },
          actor,
        });
        return before;
      }),

    async listProfiles(organizationId: string, options?: TxOptions): Promise<ShippingProfile[]> {
      const rows = await shippingScope(options?.trx ?? context.db, organizationId)
        .selectFrom("shippingProfiles")
        .select(PROFILE_COLUMNS)
        .orderBy("name")
        .execute();
      return rows.map(toProfile);
    },
  };
}
