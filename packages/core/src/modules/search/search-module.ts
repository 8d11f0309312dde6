import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { searchCatalogRoute } from "./routes/search-catalog.js";
import { suggestRoute } from "./routes/suggest.js";
import { searchMigrations } from "./search-migrations.js";
import { createSearchService } from "./search-service.js";

/** Catalog events that change what search finds (`catalog.import`: one per batch of a bulk import, naming its entities). */
const INDEXED_EVENTS = [
  "catalog.create",
  "catalog.update",
  "catalog.delete",
  "catalog.fieldDefinition",
  "catalog.import",
] as const;

/** Catalog search through a pluggable adapter (PostgreSQL full text ships), kept current from catalog events. */
export const searchModule: PluginManifest = {
  id: "search",
  version: CORE_VERSION,
  dependencies: ["catalog"],
  schema: { migrations: searchMigrations },
  services: (context) => ({ search: createSearchService(context) }),
  subscribers: INDEXED_EVENTS.map((event) => ({
    event,
    handler: (domainEvent, { trx, services }) => services.search.onCatalogEvent(domainEvent, { trx }),
  })),
  routes: (context) => [...searchCatalogRoute(context), ...suggestRoute(context)],
};
