import type { Kysely, Selectable, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { isUuid } from "../../db/is-uuid.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { HookRunner } from "../../kernel/hook-runner.js";
import type { EventBus } from "../../kernel/event-bus.js";
import { hasPermission } from "../../kernel/permissions.js";
import { catalogErrors } from "./catalog-errors.js";
import type { CatalogDb, CatalogTables } from "./catalog-tables.js";
import type { IncludeRegistry } from "./include-registry.js";
import type { PageAnchors } from "./page-anchors.js";
import type { VariantListeners } from "./variant-listeners.js";

/** What the catalog's service parts share. */
export interface CatalogContext {
  database: DatabaseAccess;
  db: Kysely<CatalogDb>;
  events: EventBus;
  hooks: HookRunner;
  /** The services container, handed to hook handlers. */
  services: Services;
  includes: IncludeRegistry;
  variantListeners: VariantListeners;
  /** Where deep pages of recent lists start; undefined when `catalog.pageAnchors` is 0. */
  pageAnchors: PageAnchors | undefined;
}

/** The catalog's tables, bound to one organization, on the pool or inside a transaction. */
export function catalogScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<CatalogDb> {
  return tenantScope(db.withTables<CatalogTables>(), organizationId);
}

/** The entity row as read: its table's columns (`ENTITY_COLUMNS`), nothing restated. */
export type EntityRow = Pick<Selectable<CatalogTables["catalogEntities"]>, (typeof ENTITY_COLUMNS)[number]>;

/** Columns an entity is read with; `revision` keys cached includes and is never answered. */
export const ENTITY_COLUMNS = [
  "id",
  "type",
  "slug",
  "status",
  "source",
  "sourceStoreId",
  "metadata",
  "createdAt",
  "updatedAt",
  "revision",
] as const;

/**
 * Finds an entity by UUID or slug in the organization; `lock` takes its row lock, which serializes the
 * writers of one entity (custom-field updates and proposal approvals, for one).
 */
export async function findEntity(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  idOrSlug: string,
  options: { lock?: boolean } = {},
): Promise<EntityRow | undefined> {
  let query = catalogScope(db, organizationId).selectFrom("catalogEntities").select(ENTITY_COLUMNS);
  query = isUuid(idOrSlug)
    ? query.where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    : query.where("slug", "=", idOrSlug);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function requireEntity(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  idOrSlug: string,
  options: { lock?: boolean } = {},
): Promise<EntityRow> {
  const entity = await findEntity(db, organizationId, idOrSlug, options);
  if (!entity) throw catalogErrors.entityNotFound();
  return entity;
}

/** Whether the actor may see entities that are not active. */
export const canSeeUnpublished = (actor: Actor | null): boolean => hasPermission(actor, "catalog:read:unpublished");

/** Store-sourced entities are owned by a channel: changing what the channel owns needs `catalog:sync`. */
export function assertCanChangeSourced(entity: Pick<EntityRow, "source">, actor: Actor | null): void {
  if (entity.source === "store" && !hasPermission(actor, "catalog:sync")) throw catalogErrors.syncRequired();
}

/** Emits a catalog event about one entity in the mutation's transaction. */
export function emitCatalogEvent(
  context: CatalogContext,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    type: "catalog.create" | "catalog.update" | "catalog.delete";
    entityId: string;
    payload: Record<string, unknown>;
    actor: Actor | null;
  },
) {
  return context.events.emit({ ...input, entityType: "catalogEntity" }, { trx });
}

/** Marks an entity changed (for ordering and search freshness). */
export async function touchEntity(
  trx: Transaction<CoreTables>,
  organizationId: string,
  entityId: string,
): Promise<void> {
  await catalogScope(trx, organizationId)
    .updateTable("catalogEntities")
    .set({ updatedAt: new Date() })
    .where("id", "=", entityId)
    .execute();
}

export const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
