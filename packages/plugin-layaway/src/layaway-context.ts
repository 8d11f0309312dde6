import type { Kysely } from "kysely";
import {
  tenantScope,
  type CoreTables,
  type DatabaseAccess,
  type EventBus,
  type Logger,
  type Mailer,
  type PaymentAdapter,
  type Services,
} from "@unified-commerce/plugin-sdk";
import type { LayawaySettings } from "./layaway-options.js";
import type { LayawayTables } from "./layaway-tables.js";

/** What the plan operations share. */
export interface LayawayContext {
  database: DatabaseAccess;
  events: EventBus;
  services: Services;
  logger: Logger;
  settings: LayawaySettings;
  /** Where layaway money is recorded: the manual adapter (cash, a card terminal: settled at the counter). */
  adapter: PaymentAdapter;
  mailer: Mailer;
}

/** The plugin's tables on the pool or a transaction (a `Transaction` is a `Kysely`), bound to one organization. */
export const layawayScope = (db: Kysely<CoreTables>, organizationId: string) =>
  tenantScope(db.withTables<LayawayTables>(), organizationId);

/** The reservations of a plan carry this reference, so the inventory's list by reference finds them. */
export const reservationReference = (planId: string): string => `layaway:${planId}`;
