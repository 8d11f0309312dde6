import { AppError } from "../../kernel/app-error.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import type { DomainEvent } from "../../kernel/event-bus.js";
import { postgresSearch } from "./postgres-search-adapter.js";
import type { SearchAdapter, SearchQuery, SearchResult, Suggestion, SuggestQuery } from "./search-adapter.js";

/**
 * Search over the catalog through the configured adapter, kept current from catalog events in their
 * transactions; without an adapter, the spec's fallback over the catalog service.
 */
export function createSearchService({
  config,
  database,
  services,
}: Pick<ServiceContext, "config" | "database" | "services">) {
  const configured = config.search?.adapter;
  const factory =
    configured === "postgres"
      ? postgresSearch({
          ...(config.search?.candidateLimit ? { candidateLimit: config.search.candidateLimit } : {}),
          ...(config.search?.resultCacheBytes !== undefined
            ? { resultCacheBytes: config.search.resultCacheBytes }
            : {}),
        })
      : configured;
  const adapter: SearchAdapter | null = factory ? factory({ database }) : null;

  const hasFilter = (query: SearchQuery) =>
    Boolean(query.type || query.status || query.category || query.brand || Object.keys(query.attributes).length > 0);

  return {
    adapterName: adapter?.name ?? "fallback",

    async search(organizationId: string, query: SearchQuery, options?: TxOptions): Promise<SearchResult> {
      if (adapter) {
        const result = await adapter.search(organizationId, query, options);
        if (result.isTotalExact !== false || query.q || Object.keys(query.attributes).length > 0) return result;
        // Filters alone: the catalog counts them exactly (the same entities, the same filters) in O(1).
        const status = query.isUnpublishedVisible
          ? query.status
          : query.status && query.status !== "active"
            ? null
            : "active";
        const total =
          status === null
            ? 0
            : await services.catalog.countEntities(
                organizationId,
                { type: query.type, status, category: query.category, brand: query.brand },
                options,
              );
        return total === null ? result : { ...result, total, isTotalExact: true };
      }
      const emptyFacets = Object.fromEntries(query.facets.map((facet) => [facet, {}]));
      if (!query.q && !hasFilter(query)) {
        // The fallback has no index to facet over: a facets-only request finds nothing.
        if (query.facets.length > 0) return { hits: [], total: 0, facets: emptyFacets };
        throw AppError.validation([
          { path: "query.q", message: "without a search adapter, give a query or at least one filter" },
        ]);
      }
      const { hits, total } = await services.catalog.fallbackSearch(organizationId, query, options);
      return { hits, total, facets: emptyFacets };
    },

    async suggest(organizationId: string, query: SuggestQuery, options?: TxOptions): Promise<Suggestion[]> {
      if (adapter) return adapter.suggest(organizationId, query, options);
      return services.catalog.fallbackSuggest(organizationId, query, options);
    },

    /** Keeps the adapter's documents in step with a catalog event, in the event's transaction. */
    async onCatalogEvent(event: DomainEvent, options: Required<TxOptions>): Promise<void> {
      if (!adapter) return;
      if (event.type === "catalog.delete") return adapter.remove(event.organizationId, [event.entityId], options);
      if (event.type === "catalog.fieldDefinition") {
        // A definition turning filterable (or not) changes the documents of every entity of its type.
        const entityType = (event.payload as { after?: { entityType?: string } }).after?.entityType;
        if (!entityType) return;
        return adapter.index(
          event.organizationId,
          await services.catalog.searchSources(event.organizationId, { entityType }, options),
          options,
        );
      }
      if (event.type === "catalog.import") {
        // A bulk import's batch: its entities reindexed together, in the batch's transaction.
        const entityIds = (event.payload as { entityIds?: string[] }).entityIds ?? [];
        if (entityIds.length === 0) return;
        return adapter.index(
          event.organizationId,
          await services.catalog.searchSources(event.organizationId, { entityIds }, options),
          options,
        );
      }
      await adapter.index(
        event.organizationId,
        await services.catalog.searchSources(event.organizationId, { entityIds: [event.entityId] }, options),
        options,
      );
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.search` too.
declare module "../../kernel/services.js" {
  interface Services {
    search: SearchService;
  }
}
