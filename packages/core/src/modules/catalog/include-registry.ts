import type { Actor } from "../../kernel/actor.js";
import { catalogErrors } from "./catalog-errors.js";

/** What an include loader receives: one page of entities, never a single row. */
export interface CatalogIncludeContext {
  organizationId: string;
  /** Ids of the entities on the page (or the one entity read). */
  entityIds: readonly string[];
  actor: Actor | null;
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
  load(context: CatalogIncludeContext): Promise<ReadonlyMap<string, unknown>>;
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
  apply<E extends { id: string }>(entities: E[], names: readonly string[], context: Omit<CatalogIncludeContext, "entityIds">): Promise<E[]>;
  /** Throws a 422 naming the includes nobody registered. */
  assertKnown(names: readonly string[]): void;
}

export function createIncludeRegistry(): IncludeRegistry {
  const includes = new Map<string, CatalogInclude>();
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
      registry.assertKnown(names);
      if (entities.length === 0 || names.length === 0) return entities;
      const entityIds = entities.map((entity) => entity.id);
      // Loaders are independent: run them side by side (on PGlite they queue on its one connection).
      const loaded = await Promise.all(
        names.map(async (name) => {
          const include = includes.get(name) as CatalogInclude;
          return [include, await include.load({ ...context, entityIds })] as const;
        }),
      );
      return entities.map((entity) => {
        const extended: Record<string, unknown> = { ...entity };
        for (const [include, values] of loaded) {
          extended[include.name] = values.has(entity.id) ? values.get(entity.id) : include.emptyValue;
        }
        return extended as typeof entity;
      });
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
