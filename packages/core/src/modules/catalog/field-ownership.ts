import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Actor } from "../../kernel/actor.js";
import {
  assertCanChangeSourced,
  canSeeUnpublished,
  catalogScope,
  emitCatalogEvent,
  requireEntity,
  type CatalogContext,
} from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import type { FieldOwner } from "./catalog-tables.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** Who owns a field of an entity (optionally per store and per variant). */
export interface FieldOwnershipRow {
  id: string;
  entityId: string;
  fieldPath: string;
  owner: FieldOwner;
  storeId: string | null;
  variantId: string | null;
  updatedAt: string;
}

export interface FieldOwnershipInput {
  fieldPath: string;
  owner: FieldOwner;
  storeId?: string | null;
  variantId?: string | null;
}

const COLUMNS = ["id", "entityId", "fieldPath", "owner", "storeId", "variantId", "updatedAt"] as const;

export function createFieldOwnershipOperations(context: CatalogContext) {
  return {
    /**
     * Rows of an entity; with `storeId`, that store's rows and the store-independent ones. An entity that
     * is not active is not found for an actor without `catalog:read:unpublished`, as everywhere else.
     */
    async listFieldOwnership(
      organizationId: string,
      idOrSlug: string,
      filter: { storeId?: string },
      actor: Actor | null = null,
      options?: TxOptions,
    ): Promise<FieldOwnershipRow[]> {
      const db = options?.trx ?? context.db;
      const entity = await requireEntity(db, organizationId, idOrSlug);
      if (entity.status !== "active" && !canSeeUnpublished(actor)) throw catalogErrors.entityNotFound();
      let query = catalogScope(db, organizationId)
        .selectFrom("catalogFieldOwnership")
        .select(COLUMNS)
        .where("entityId", "=", entity.id);
      if (filter.storeId) {
        const storeId = filter.storeId;
        query = query.where((eb) => eb.or([eb("storeId", "=", storeId), eb("storeId", "is", null)]));
      }
      const rows = await query.orderBy("fieldPath").orderBy("id").execute();
      return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
    },

    /** Sets the owner of a field (one row per field, store and variant). */
    async putFieldOwnership(
      organizationId: string,
      idOrSlug: string,
      input: FieldOwnershipInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<FieldOwnershipRow> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        assertCanChangeSourced(entity, actor);
        const scope = catalogScope(trx, organizationId);
        if (input.variantId) {
          const variant = await scope
            .selectFrom("catalogVariants")
            .select("id")
            .where("id", "=", input.variantId)
            .where("entityId", "=", entity.id)
            .executeTakeFirst();
          if (!variant) throw catalogErrors.variantNotFound();
        }
        const storeId = input.storeId ?? null;
        const variantId = input.variantId ?? null;
        const existing = await scope
          .selectFrom("catalogFieldOwnership")
          .select(COLUMNS)
          .where("entityId", "=", entity.id)
          .where("fieldPath", "=", input.fieldPath)
          .where(sql<boolean>`coalesce(store_id, '') = ${storeId ?? ""}`)
          .where(sql<boolean>`coalesce(variant_id::text, '') = ${variantId ?? ""}`)
          .executeTakeFirst();
        const id = existing?.id ?? randomUUID();
        if (existing) {
          await scope
            .updateTable("catalogFieldOwnership")
            .set({ owner: input.owner, updatedAt: new Date() })
            .where("id", "=", id)
            .execute();
        } else {
          await scope
            .insertInto("catalogFieldOwnership", {
              id,
              entityId: entity.id,
              fieldPath: input.fieldPath,
              owner: input.owner,
              storeId,
              variantId,
            })
            .execute();
        }
        const row = await scope
          .selectFrom("catalogFieldOwnership")
          .select(COLUMNS)
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: entity.id,
          payload: {
            change: "fieldOwnership",
            before: existing ? { owner: existing.owner } : null,
            after: { fieldPath: row.fieldPath, owner: row.owner, storeId, variantId },
          },
          actor,
        });
        return { ...row, updatedAt: row.updatedAt.toISOString() };
      });
    },
  };
}
