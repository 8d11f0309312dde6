import type { ServiceContext } from "../../kernel/contexts.js";
import type { CatalogContext } from "./catalog-context.js";
import { catalogIncludes } from "./catalog-includes.js";
import type { CatalogTables } from "./catalog-tables.js";
import { createAttributeOperations } from "./attribute-operations.js";
import { createBulkEntityOperations } from "./bulk-entity-upsert.js";
import { createProposalOperations } from "./custom-field-proposals.js";
import { createEntityOperations } from "./entity-operations.js";
import { listEntities } from "./entity-listing.js";
import { createFieldDefinitionOperations } from "./field-definitions.js";
import { createFieldOwnershipOperations } from "./field-ownership.js";
import { createIncludeRegistry, type CatalogInclude } from "./include-registry.js";
import { createOptionOperations } from "./option-axes.js";
import { PageAnchors } from "./page-anchors.js";
import { createSaleItemOperations } from "./sale-items.js";
import { createSearchSourceOperations } from "./search-source.js";
import { createTaxonomyOperations } from "./taxonomy-operations.js";
import { createVariantListeners, type VariantsCreated } from "./variant-listeners.js";
import { createVariantOperations } from "./variant-operations.js";
import { createVariantUpdateOperations } from "./variant-update.js";
import type { DomainEventPayload, EventPayloadsOf } from "../../kernel/domain-events.js";
import type { catalogEvents } from "./catalog-events.js";

const DEFAULT_INCLUDE_CACHE_BYTES = 32 * 1024 * 1024;
const DEFAULT_PAGE_ANCHORS = 50_000;

/**
 * The catalog: entities, attributes, categories, brands, options, variants, custom fields and field
 * ownership. Other modules extend it through `registerInclude` and `onVariantsCreated` instead of
 * reading its tables.
 */
export function createCatalogService({
  config,
  database,
  events,
  hooks,
  services,
}: Pick<ServiceContext, "config" | "database" | "events" | "hooks" | "services">) {
  const pageAnchors = config.catalog?.pageAnchors ?? DEFAULT_PAGE_ANCHORS;
  const context: CatalogContext = {
    database,
    db: database.db.withTables<CatalogTables>(),
    events,
    hooks,
    services,
    includes: createIncludeRegistry({ cacheBytes: config.catalog?.includeCacheBytes ?? DEFAULT_INCLUDE_CACHE_BYTES }),
    variantListeners: createVariantListeners(),
    pageAnchors: pageAnchors > 0 ? new PageAnchors(pageAnchors) : undefined,
  };
  for (const include of catalogIncludes(database.db)) context.includes.register(include);
  return {
    ...createEntityOperations(context),
    listEntities: (...args: Parameters<typeof listEntities> extends [unknown, ...infer Rest] ? Rest : never) =>
      listEntities(context, ...args),
    ...createAttributeOperations(context),
    ...createTaxonomyOperations(context),
    ...createOptionOperations(context),
    ...createVariantOperations(context),
    ...createVariantUpdateOperations(context),
    ...createFieldDefinitionOperations(context),
    ...createProposalOperations(context),
    ...createFieldOwnershipOperations(context),
    ...createSearchSourceOperations(context),
    ...createSaleItemOperations(context),
    ...createBulkEntityOperations(context),
    /** Adds an `include=` name; see `CatalogInclude`. Call from a module's service factory. */
    registerInclude(include: CatalogInclude): void {
      context.includes.register(include);
    },
    /** Names `include=` accepts right now. */
    includeNames: (): string[] => context.includes.names(),
    /** Runs `listener` inside the transaction of every operation that creates variants. */
    onVariantsCreated(listener: (event: VariantsCreated) => Promise<void>): void {
      context.variantListeners.add(listener);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.catalog` too.
declare module "../../kernel/services.js" {
  interface Services {
    catalog: CatalogService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof catalogEvents> {
    /** A custom field definition is created or changed (audit only, not a webhook event). */
    "catalog.fieldDefinition": DomainEventPayload;
  }
}
