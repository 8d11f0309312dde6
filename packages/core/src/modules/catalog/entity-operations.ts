import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { hasPermission } from "../../kernel/permissions.js";
import {
  assertCanChangeSourced,
  canSeeUnpublished,
  catalogScope,
  emitCatalogEvent,
  findEntity,
  requireEntity,
  type CatalogContext,
  type EntityRow,
} from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import type { createEntityInput, updateEntityInput } from "./catalog-schemas.js";
import type { EntityStatus } from "./catalog-tables.js";
import { validateCustomFields } from "./custom-field-validation.js";
import { writeApprovedValues } from "./custom-field-values.js";
import { toEntity, type CatalogEntity } from "./entity-output.js";
import { loadDefinitions } from "./field-definitions.js";
import { writeAttributes } from "./attribute-operations.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** What `createEntity` takes: the input of the route's body schema. */
export type CreateEntityInput = z.input<typeof createEntityInput>;

/** What `updateEntity` takes: a patch, the input of the route's body schema. */
export type UpdateEntityInput = z.input<typeof updateEntityInput>;

/** Provenance of values written through the REST API by a person or key. */
const restProvenance = (actor: Actor | null) => ({ source: actor?.type === "apiKey" ? "api" : "merchant", actor });

async function readEntity(trx: Transaction<CoreTables>, organizationId: string, id: string): Promise<EntityRow> {
  return requireEntity(trx, organizationId, id);
}

/** Entities: create, read (by UUID or slug), patch, delete and the status moves. */
export function createEntityOperations(context: CatalogContext) {
  return {
    async createEntity(organizationId: string, input: CreateEntityInput, actor: Actor | null, options?: TxOptions): Promise<CatalogEntity> {
      if (input.source === "store" && !hasPermission(actor, "catalog:sync")) throw catalogErrors.syncRequired();
      return inTransaction(context.database, options, async (trx) => {
        const definitions = await loadDefinitions(trx, organizationId, input.type);
        validateCustomFields(definitions, input.customFields ?? {}, "create");
        const id = randomUUID();
        await catalogScope(trx, organizationId)
          .insertInto("catalogEntities", {
            id,
            type: input.type,
            slug: input.slug,
            status: input.status ?? "draft",
            source: input.source ?? "platform",
            sourceStoreId: input.sourceStoreId ?? null,
            metadata: JSON.stringify(input.metadata ?? {}),
          })
          .execute();
        for (const [locale, attributes] of Object.entries(input.attributes ?? {})) {
          await writeAttributes(trx, organizationId, id, locale, attributes);
        }
        const customFields = Object.fromEntries(Object.entries(input.customFields ?? {}).filter(([, value]) => value !== null));
        await writeApprovedValues(trx, { organizationId, entityId: id, locale: "en", values: customFields, provenance: restProvenance(actor) });
        const entity = toEntity(await readEntity(trx, organizationId, id));
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.create",
          entityId: id,
          payload: { after: { ...entity, customFields, attributes: input.attributes ?? {} } },
          actor,
        });
        return entity;
      });
    },

    /** One entity by UUID or slug with its includes; unpublished ones only with catalog:read:unpublished. */
    async getEntity(organizationId: string, idOrSlug: string, query: { actor: Actor | null; include: readonly string[] }, options?: TxOptions): Promise<CatalogEntity> {
      const db = options?.trx ?? context.db;
      context.includes.assertKnown(query.include);
      const row = await findEntity(db, organizationId, idOrSlug);
      if (!row || (row.status !== "active" && !canSeeUnpublished(query.actor))) throw catalogErrors.entityNotFound();
      const revisions = new Map([[row.id, row.revision]]);
      const [entity] = await context.includes.apply([toEntity(row)], query.include, { organizationId, actor: query.actor, revisions, trx: options?.trx });
      return entity as CatalogEntity;
    },

    async updateEntity(organizationId: string, idOrSlug: string, input: UpdateEntityInput, actor: Actor | null, options?: TxOptions): Promise<CatalogEntity> {
      return inTransaction(context.database, options, async (trx) => {
        // The row lock serializes this with proposal approvals of the same entity.
        const current = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const nextType = input.type ?? current.type;
        let customFieldChange: { before: Record<string, unknown>; after: Record<string, unknown> } | undefined;
        if (input.customFields && Object.keys(input.customFields).length > 0) {
          validateCustomFields(await loadDefinitions(trx, organizationId, nextType), input.customFields, "update");
          customFieldChange = await writeApprovedValues(trx, {
            organizationId,
            entityId: current.id,
            locale: "en",
            values: input.customFields,
            provenance: restProvenance(actor),
          });
        }
        await catalogScope(trx, organizationId)
          .updateTable("catalogEntities")
          .set({
            ...(input.type === undefined ? {} : { type: input.type }),
            ...(input.slug === undefined ? {} : { slug: input.slug }),
            ...(input.status === undefined ? {} : { status: input.status }),
            ...(input.metadata === undefined ? {} : { metadata: JSON.stringify(input.metadata) }),
            updatedAt: new Date(),
          })
          .where("id", "=", current.id)
          .execute();
        const entity = toEntity(await readEntity(trx, organizationId, current.id));
        const before = toEntity(current);
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: current.id,
          payload: {
            change: "entity",
            before: { ...before, ...(customFieldChange ? { customFields: customFieldChange.before } : {}) },
            after: { ...entity, ...(customFieldChange ? { customFields: customFieldChange.after } : {}) },
          },
          actor,
        });
        return entity;
      });
    },

    async deleteEntity(organizationId: string, idOrSlug: string, actor: Actor | null, options?: TxOptions): Promise<CatalogEntity> {
      return inTransaction(context.database, options, async (trx) => {
        const current = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        assertCanChangeSourced(current, actor);
        await catalogScope(trx, organizationId).deleteFrom("catalogEntities").where("id", "=", current.id).execute();
        const entity = toEntity(current);
        // Modules that keep rows about the entity (stock, media links, search) clean up in this
        // transaction through their catalog.delete subscribers.
        await emitCatalogEvent(context, trx, { organizationId, type: "catalog.delete", entityId: current.id, payload: { before: entity }, actor });
        return entity;
      });
    },

    /** publish → active, archive → archived, discontinue → discontinued; from any status. */
    async setStatus(organizationId: string, idOrSlug: string, status: EntityStatus, actor: Actor | null, options?: TxOptions): Promise<CatalogEntity> {
      return inTransaction(context.database, options, async (trx) => {
        const current = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        await catalogScope(trx, organizationId).updateTable("catalogEntities").set({ status, updatedAt: new Date() }).where("id", "=", current.id).execute();
        const entity = toEntity(await readEntity(trx, organizationId, current.id));
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: current.id,
          payload: { change: "status", before: { status: current.status }, after: { status } },
          actor,
        });
        return entity;
      });
    },

    /** Ids of the organization's entities among `ids` (for modules checking references). */
    async existingEntityIds(organizationId: string, ids: readonly string[], options?: TxOptions): Promise<Set<string>> {
      const db = options?.trx ?? context.db;
      if (ids.length === 0) return new Set();
      const rows = await catalogScope(db, organizationId).selectFrom("catalogEntities").select("id").where("id", "in", ids).execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}
