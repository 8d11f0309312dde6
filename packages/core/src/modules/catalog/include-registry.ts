import type { Actor } from "../../kernel/actor.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { JsonText } from "../../http/json-text.js";
import { catalogErrors } from "./catalog-errors.js";
import { createRevisionCache } from "./revision-cache.js";

/**
 * What an include loader receives: the entities of a page (those not cached), never one at a time, and
 * `trx` when they were read in a caller's transaction (read through it: the rows may not be committed).
 */
export interface CatalogIncludeContext extends TxOptions {
  organizationId: string;
  /** Ids of the entities on the page (or the one entity read). */
  entityIds: readonly string[];
  actor: Actor | null;
  /**
   * Each entity's `revision` as the caller just read it with the entity. Given, the values of
   * `isRevisioned` includes are cached per entity revision.
   */
  revisions?: ReadonlyMap<string, number>;
}

/**
 * Something `include=` can add to entities. A loader answers for the whole page with a fixed number of
 * queries (usually one `where entity_id in (...)`), so a list with includes costs the same number of
 * queries for 1 row or 100.
 */
export interface CatalogInclude {
  /** The `include` name and the key it fills on each entity (`inventory`, `pricing`). */
  name: string;
  /** Value for an entity the loader returned nothing for. */
  emptyValue: unknown;
  /**
   * Values by entity id. A {@link JsonText} value is JSON already written: list answers splice it in as
   * it is, single reads parse it.
   */
  load(context: CatalogIncludeContext): Promise<ReadonlyMap<string, unknown>>;
  /**
   * The values are `JsonText` read only from rows whose every change bumps the entity's `revision` (a
   * trigger on their table; see the catalog migrations): they are then cached per entity revision.
   */
  isRevisioned?: boolean;
}

/**
 * Includes registered by the catalog and by the modules that extend it. Modules register in their
 * service factory (`services.catalog.registerInclude(...)`), which runs after the catalog's because they
 * list `catalog` as a dependency.
 */
export interface IncludeRegistry {
  register(include: CatalogInclude): void;
  names(): string[];
  /** Loads the requested includes for a page and writes them onto the entities. */
  apply<E extends { id: string }>(entities: E[], names: readonly string[], context: IncludeApplyContext): Promise<E[]>;
  /** The same, written as a JSON array: included JSON text is spliced in, not parsed. */
  applyAsJson(
    entities: readonly { id: string }[],
    names: readonly string[],
    context: IncludeApplyContext,
  ): Promise<JsonText>;
  /** Throws a 422 naming the includes nobody registered. */
  assertKnown(names: readonly string[]): void;
}

type IncludeApplyContext = Omit<CatalogIncludeContext, "entityIds">;

/** The loaded values of one include, by entity id. */
type Loaded = readonly (readonly [CatalogInclude, ReadonlyMap<string, unknown>])[];

export interface IncludeRegistryOptions {
  /** Byte budget of the cache of `isRevisioned` include values; 0 disables it. */
  cacheBytes: number;
}

export function createIncludeRegistry(options: IncludeRegistryOptions): IncludeRegistry {
  const includes = new Map<string, CatalogInclude>();
  const cache = options.cacheBytes > 0 ? createRevisionCache(options.cacheBytes) : undefined;

  const load = async (
    include: CatalogInclude,
    entityIds: readonly string[],
    context: IncludeApplyContext,
  ): Promise<ReadonlyMap<string, unknown>> => {
    const { revisions, organizationId } = context;
    // Inside a transaction the revisions may never commit: a rolled-back revision number would later be
    // taken by other content, so nothing read there is cached.
    if (!cache || !revisions || !include.isRevisioned || context.trx) return include.load({ ...context, entityIds });
    const keyOf = (entityId: string) => `${include.name}\u0000${organizationId}\u0000${entityId}`;
    const values = new Map<string, unknown>();
    const missing: string[] = [];
    for (const entityId of entityIds) {
      const revision = revisions.get(entityId);
      const hit = revision === undefined ? undefined : cache.get(keyOf(entityId), revision);
      if (!hit) missing.push(entityId);
      else if (hit.value !== undefined) values.set(entityId, hit.value);
    }
    if (missing.length === 0) return values;
    const loaded = await include.load({ ...context, entityIds: missing });
    for (const entityId of missing) {
      const value = loaded.get(entityId);
      const revision = revisions.get(entityId);
      if (value !== undefined) values.set(entityId, value);
      if (revision !== undefined && (value === undefined || value instanceof JsonText))
        cache.set(keyOf(entityId), revision, value, value?.text.length ?? 0);
    }
    return values;
  };

  // Loaders are independent: run them side by side (on PGlite they queue on its one connection).
  const loadAll = (
    entities: readonly { id: string }[],
    names: readonly string[],
    context: IncludeApplyContext,
  ): Promise<Loaded> => {
    registry.assertKnown(names);
    if (entities.length === 0 || names.length === 0) return Promise.resolve([]);
    const entityIds = entities.map((entity) => entity.id);
    return Promise.all(
      names.map(async (name) => {
        const include = includes.get(name) as CatalogInclude;
        return [include, await load(include, entityIds, context)] as const;
      }),
    );
  };
  const includeValueOf = (include: CatalogInclude, values: ReadonlyMap<string, unknown>, entityId: string): unknown =>
    values.has(entityId) ? values.get(entityId) : include.emptyValue;

  const registry: IncludeRegistry = {
    register(include) {
      if (includes.has(include.name)) throw new Error(`Catalog include "${include.name}" is registered twice`);
      includes.set(include.name, include);
    },
    names: () => [...includes.keys()],
    assertKnown(names) {
      const unknown = names.filter((name) => !includes.has(name));
      if (unknown.length > 0) throw catalogErrors.unknownInclude(unknown, registry.names());
    },
    async apply(entities, names, context) {
      const loaded = await loadAll(entities, names, context);
      if (loaded.length === 0) return entities;
      return entities.map((entity) => {
        const extended: Record<string, unknown> = { ...entity };
        for (const [include, values] of loaded) {
          const value = includeValueOf(include, values, entity.id);
          extended[include.name] = value instanceof JsonText ? value.parse() : value;
        }
        return extended as typeof entity;
      });
    },
    async applyAsJson(entities, names, context) {
      const loaded = await loadAll(entities, names, context);
      const items = entities.map((entity) => {
        if (loaded.length === 0) return JSON.stringify(entity);
        // The entity's own fields, then `,"name":value` for each include before the closing brace.
        let json = JSON.stringify(entity).slice(0, -1);
        for (const [include, values] of loaded) {
          const value = includeValueOf(include, values, entity.id);
          json += `,${JSON.stringify(include.name)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`;
        }
        return `${json}}`;
      });
      return new JsonText(`[${items.join(",")}]`);
    },
  };
  return registry;
}

/** Groups rows by a key into a map of arrays, keeping row order. */
export function groupBy<R, K>(rows: readonly R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
