import type { ColumnType, Generated } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** JSON column: read as parsed value, written as a JSON string (pg and PGlite both accept it). */
export type Json<T = Record<string, unknown>> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  createdAt: Timestamp;
}

export interface DomainEventsTable {
  id: string;
  organizationId: string;
  type: string;
  entityType: string;
  entityId: string;
  payload: Json;
  actorId: string | null;
  actorType: string | null;
  occurredAt: Timestamp;
  sequence: Generated<number>;
}

/** Tables the kernel itself owns. Modules extend their view with `db.withTables<TheirTables>()`. */
export interface CoreTables {
  organizations: OrganizationsTable;
  domainEvents: DomainEventsTable;
}
