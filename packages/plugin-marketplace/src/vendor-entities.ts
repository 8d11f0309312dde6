import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  pageOffset,
  type Actor,
  type CoreTables,
  type PaginationQuery,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import type { vendorEntitySchema } from "./vendor-schemas.js";
import { readVendorRow } from "./vendors.js";

export type VendorEntity = z.output<typeof vendorEntitySchema>;

/** Vendor of each of `entityIds` that has one, keyed by entity id. */
export async function vendorsOfEntities(
  db: Kysely<CoreTables>,
  organizationId: string,
  entityIds: readonly string[],
): Promise<Map<string, string>> {
  if (entityIds.length === 0) return new Map();
  const rows = await marketplaceScope(db, organizationId)
    .selectFrom("marketplaceVendorEntities")
    .select(["entityId", "vendorId"])
    .where("entityId", "in", [...new Set(entityIds)])
    .execute();
  return new Map(rows.map((row) => [row.entityId, row.vendorId]));
}

/** Which catalog entities each vendor sells: one vendor per entity (the split of checkout follows it). */
export function createVendorEntityOperations(context: MarketplaceContext) {
  const { database, events, services } = context;
  return {
    listEntities: async (
      organizationId: string,
      vendorId: string,
      query: PaginationQuery,
      options?: TxOptions,
    ): Promise<{ items: VendorEntity[]; total: number }> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      const base = marketplaceScope(db, organizationId)
        .selectFrom("marketplaceVendorEntities")
        .where("vendorId", "=", vendorId);
      const [rows, counted] = await Promise.all([
        base
          .select(["vendorId", "entityId", "createdAt"])
          .orderBy("createdAt")
          .orderBy("entityId")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total: Number(counted.count),
      };
    },

    /**
     * Assigns a catalog entity of the store to the vendor (404 for an unknown entity, another store's
     * included; 409 when another vendor sells it: unassign it there first). Assigning it again is a no-op.
     */
    assignEntity: (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      entityId: string,
      options?: TxOptions,
    ): Promise<VendorEntity> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId);
        if (
          !isUuid(entityId) ||
          !(await services.catalog.existingEntityIds(organizationId, [entityId], { trx })).has(entityId)
        )
          throw AppError.notFound("Catalog entity");
        const scope = marketplaceScope(trx, organizationId);
        await scope
          .insertInto("marketplaceVendorEntities", { entityId, vendorId, createdAt: new Date() })
          .onConflict((conflict) => conflict.columns(["organizationId", "entityId"]).doNothing())
          .execute();
        const row = await scope
          .selectFrom("marketplaceVendorEntities")
          .select(["vendorId", "entityId", "createdAt"])
          .where("entityId", "=", entityId)
          .executeTakeFirstOrThrow();
        if (row.vendorId !== vendorId) throw AppError.conflict("Another vendor sells this entity");
        await events.emit(
          {
            organizationId,
            type: "marketplace.entityAssign",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, entityId, isAssigned: true },
            actor,
          },
          { trx },
        );
        return { ...row, createdAt: row.createdAt.toISOString() };
      }),

    unassignEntity: (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      entityId: string,
      options?: TxOptions,
    ): Promise<{ vendorId: string; entityId: string }> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId);
        const removed = isUuid(entityId)
          ? await marketplaceScope(trx, organizationId)
              .deleteFrom("marketplaceVendorEntities")
              .where("vendorId", "=", vendorId)
              .where("entityId", "=", entityId)
              .executeTakeFirst()
          : undefined;
        if (!removed || Number(removed.numDeletedRows) === 0) throw AppError.notFound("Entity of this vendor");
        await events.emit(
          {
            organizationId,
            type: "marketplace.entityAssign",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, entityId, isAssigned: false },
            actor,
          },
          { trx },
        );
        return { vendorId, entityId };
      }),
  };
}
