import type { Kysely } from "kysely";
import {
  tenantScope,
  type CoreTables,
  type DatabaseAccess,
  type EventBus,
  type Services,
} from "@unified-commerce/plugin-sdk";
import type { MarketplaceSettings } from "./marketplace-options.js";
import type { MarketplaceTables } from "./marketplace-tables.js";

/** What the marketplace's operations share. */
export interface MarketplaceContext {
  database: DatabaseAccess;
  events: EventBus;
  services: Services;
  settings: MarketplaceSettings;
}

/** The plugin's tables on the pool or a transaction (a `Transaction` is a `Kysely`), bound to one organization. */
export const marketplaceScope = (db: Kysely<CoreTables>, organizationId: string) =>
  tenantScope(db.withTables<MarketplaceTables>(), organizationId);

/** The plugin's tables, unscoped: only for the queries that join two scoped tables on their ids. */
export const marketplaceDb = (db: Kysely<CoreTables>) => db.withTables<MarketplaceTables>();

export const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** A uuid, so a hostile id is a 404 rather than a database error. */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
