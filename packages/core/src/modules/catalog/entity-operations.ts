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
import type { BeforeHookContext } from "../../kernel/hook-runner.js";
import { inTransactionWithHookErrors, type TxOptions } from "../../kernel/transaction.js";
import type { WithHookErrors } from "../../kernel/transaction-runner.js";

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
  const hookContext = (
    organizationId: string,
    actor: Actor | null,
    trx: Transaction<CoreTables>,
  ): BeforeHookContext => ({
    organizationId,
    actor,
    services: context.services,
    trx,
  });

  /** Applies a patch to a locked entity row: the entity after it, and the custom fields it changed. */
  const writeUpdate = async (
    trx: Transaction<CoreTables>,
    organizationId: string,
    current: EntityRow,
    input: UpdateEntityInput,
    actor: Actor | null,
  ) => {
    let customFieldChange: { before: Record<string, unknown>; after: Record<string, unknown> } | undefined;
    if (input.customFields && Object.keys(input.customFields).length > 0) {
      validateCustomFields(
        await loadDefinitions(trx, organizationId, input.type ?? current.type),
        input.customFields,
        "update",
      );
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
    return { entity: toEntity(await readEntity(trx, organizationId, current.id)), customFieldChange };
  };

  /**
   * A patch with its hooks: `catalog.beforeUpdate` may change or refuse it, `catalog.afterUpdate` runs
   * after commit. `change` names the event's payload shape: a status move keeps its short form unless a
   * hook widened the patch.
   */
  const update = (
    organizationId: string,
    idOrSlug: string,
    input: UpdateEntityInput,
    actor: Actor | null,
    change: "entity" | "status",
    options: TxOptions | undefined,
  ) =>
    inTransactionWithHookErrors(context.database, options, async (trx) => {
      // The row lock serializes this with proposal approvals of the same entity.
      const current = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
      const before = toEntity(current);
      const hooks = hookContext(organizationId, actor, trx);
      const { input: patch } = await context.hooks.runBefore("catalog.beforeUpdate", { entity: before, input }, hooks);
      const { entity, customFieldChange } = await writeUpdate(trx, organizationId, current, patch, actor);
      const isStatusMove = change === "status" && Object.keys(patch).join() === "status";
      await emitCatalogEvent(context, trx, {
        organizationId,
        type: "catalog.update",
        entityId: current.id,
        payload: isStatusMove
          ? { change: "status", before: { status: current.status }, after: { status: entity.status } }
          : {
              change: "entity",
              before: { ...before, ...(customFieldChange ? { customFields: customFieldChange.before } : {}) },
              after: { ...entity, ...(customFieldChange ? { customFields: customFieldChange.after } : {}) },
            },
        actor,
      });
      context.hooks.runAfterCommit("catalog.afterUpdate", { before, entity }, hooks);
      return entity;
    });

  return {
    /**
     * Creates an entity. `catalog.beforeCreate` handlers run first in its transaction and may change or
     * refuse the input; `catalog.afterCreate` handlers run after commit (their failures in `hookErrors`).
     */
    async createEntity(
      organizationId: string,
      input: CreateEntityInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<WithHookErrors<CatalogEntity>> {
      return inTransactionWithHookErrors(context.database, options, async (trx) => {
        const hooks = hookContext(organizationId, actor, trx);
        const { input: accepted } = await context.hooks.runBefore("catalog.beforeCreate", { input }, hooks);
        if (accepted.source === "store" && !hasPermission(actor, "catalog:sync")) throw catalogErrors.syncRequired();
        const definitions = await loadDefinitions(trx, organizationId, accepted.type);
        validateCustomFields(definitions, accepted.customFields ?? {}, "create");
        const id = randomUUID();
        await catalogScope(trx, organizationId)
          .insertInto("catalogEntities", {
            id,
            type: accepted.type,
            slug: accepted.slug,
            status: accepted.status ?? "draft",
            source: accepted.source ?? "platform",
            sourceStoreId: accepted.sourceStoreId ?? null,
            metadata: JSON.stringify(accepted.metadata ?? {}),
          })
          .execute();
        for (const [locale, attributes] of Object.entries(accepted.attributes ?? {})) {
          await writeAttributes(trx, organizationId, id, locale, attributes);
        }
        const customFields = Object.fromEntries(
          Object.entries(accepted.customFields ?? {}).filter(([, value]) => value !== null),
        );
        await writeApprovedValues(trx, {
          organizationId,
          entityId: id,
          locale: "en",
          values: customFields,
          provenance: restProvenance(actor),
        });
        const entity = toEntity(await readEntity(trx, organizationId, id));
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.create",
          entityId: id,
          payload: { after: { ...entity, customFields, attributes: accepted.attributes ?? {} } },
          actor,
        });
        context.hooks.runAfterCommit("catalog.afterCreate", { entity }, hooks);
        return entity;
      });
    },

    /** One entity by UUID or slug with its includes; unpublished ones only with catalog:read:unpublished. */
    async getEntity(
      organizationId: string,
      idOrSlug: string,
      query: { actor: Actor | null; include: readonly string[] },
      options?: TxOptions,
    ): Promise<CatalogEntity> {
      const db = options?.trx ?? context.db;
      context.includes.assertKnown(query.include);
      const row = await findEntity(db, organizationId, idOrSlug);
      if (!row || (row.status !== "active" && !canSeeUnpublished(query.actor))) throw catalogErrors.entityNotFound();
      const revisions = new Map([[row.id, row.revision]]);
      const [entity] = await context.includes.apply([toEntity(row)], query.include, {
        organizationId,
        actor: query.actor,
        revisions,
        trx: options?.trx,
      });
      return entity as CatalogEntity;
    },

    /** Patches an entity, with the `catalog.beforeUpdate` and `catalog.afterUpdate` hooks. */
    updateEntity(
      organizationId: string,
      idOrSlug: string,
      input: UpdateEntityInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<WithHookErrors<CatalogEntity>> {
      return update(organizationId, idOrSlug, input, actor, "entity", options);
    },

    /**
     * Deletes an entity. `catalog.beforeDelete` handlers may refuse (their answer is not read back);
     * `catalog.afterDelete` handlers run after commit.
     */
    async deleteEntity(
      organizationId: string,
      idOrSlug: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<WithHookErrors<CatalogEntity>> {
      return inTransactionWithHookErrors(context.database, options, async (trx) => {
        const current = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        assertCanChangeSourced(current, actor);
        const entity = toEntity(current);
        const hooks = hookContext(organizationId, actor, trx);
        await context.hooks.runBefore("catalog.beforeDelete", { entity }, hooks);
        await catalogScope(trx, organizationId).deleteFrom("catalogEntities").where("id", "=", current.id).execute();
        // Modules that keep rows about the entity (stock, media links, search) clean up in this
        // transaction through their catalog.delete subscribers.
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.delete",
          entityId: current.id,
          payload: { before: entity },
          actor,
        });
        context.hooks.runAfterCommit("catalog.afterDelete", { entity }, hooks);
        return entity;
      });
    },

    /**
     * publish → active, archive → archived, discontinue → discontinued; from any status. A status move is
     * an update: `catalog.beforeUpdate` sees `input: { status }` and may refuse it.
     */
    setStatus(
      organizationId: string,
      idOrSlug: string,
      status: EntityStatus,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<WithHookErrors<CatalogEntity>> {
      return update(organizationId, idOrSlug, { status }, actor, "status", options);
    },

    /** Ids of the organization's entities among `ids` (for modules checking references). */
    async existingEntityIds(organizationId: string, ids: readonly string[], options?: TxOptions): Promise<Set<string>> {
      const db = options?.trx ?? context.db;
      if (ids.length === 0) return new Set();
      const rows = await catalogScope(db, organizationId)
        .selectFrom("catalogEntities")
        .select("id")
        .where("id", "in", ids)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

// The catalog's hook points, declared beside the operations that run them (and so visible to whoever
// sees the catalog service's type). See "Hooks" in the core README.
declare module "../../kernel/hook-runner.js" {
  interface HookPayloads {
    /** Before an entity is written, in its transaction: answer `{ input }` to change the input, throw an `AppError` to refuse. */
    "catalog.beforeCreate": { input: CreateEntityInput };
    /** After the entity's creation committed. */
    "catalog.afterCreate": { entity: CatalogEntity };
    /** Before a patch or a status move (`input: { status }`) is applied to `entity` (as it is now); answer `{ entity, input }` to change the input. */
    "catalog.beforeUpdate": { entity: CatalogEntity; input: UpdateEntityInput };
    /** After the update committed: the entity before and after it. */
    "catalog.afterUpdate": { before: CatalogEntity; entity: CatalogEntity };
    /** Before an entity is deleted, in its transaction: throw an `AppError` to refuse. */
    "catalog.beforeDelete": { entity: CatalogEntity };
    /** After the deletion committed. */
    "catalog.afterDelete": { entity: CatalogEntity };
  }
}
