import type { Kysely } from "kysely";
import {
  tenantScope,
  type CoreTables,
  type DatabaseAccess,
  type Logger,
  type ServiceContext,
  type Services,
} from "@unified-commerce/plugin-sdk";
import type { AdapterRegistry } from "./channel-adapter.js";
import type { ChannelSettings } from "./channel-options.js";
import type { ChannelTables } from "./channel-tables.js";

/** Seals and opens secrets with the server's secret key (the kernel's `secrets`). */
export type SecretSealer = Pick<ServiceContext["secrets"], "seal" | "open">;

/** What the connector's operations share. */
export interface ChannelContext {
  database: DatabaseAccess;
  services: Services;
  logger: Logger;
  secrets: SecretSealer;
  adapters: AdapterRegistry;
  settings: ChannelSettings;
}

/** The plugin's tables on the pool or a transaction, bound to one organization. */
export const channelScope = (db: Kysely<CoreTables>, organizationId: string) =>
  tenantScope(db.withTables<ChannelTables>(), organizationId);

/** The key that makes a connection's jobs of one kind run one at a time (and supersede each other). */
export const connectionKey = (kind: string, connectionId: string, ...parts: readonly (string | null)[]): string =>
  [kind, connectionId, ...parts.map((part) => part ?? "-")].join(":");
