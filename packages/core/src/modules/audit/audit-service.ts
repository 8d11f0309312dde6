import type { Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope } from "../../db/tenant-scope.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { AuditTables } from "./audit-tables.js";

/** One audit entry as the API returns it. */
export interface AuditEntry {
  id: string;
  event: string;
  entityType: string;
  entityId: string;
  actorId: string | null;
  actorType: string | null;
  changes: Record<string, unknown>;
  eventId: string | null;
  occurredAt: string;
}

export interface AuditFilters {
  entityType?: string;
  entityId?: string;
  event?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
  /** @default 50 */
  limit?: number;
}

export interface AuditService {
  /** Newest first. */
  list(organizationId: string, filters: AuditFilters, options?: TxOptions): Promise<AuditEntry[]>;
}

export function createAuditService(db: Kysely<CoreTables>): AuditService {
  const tables = db.withTables<AuditTables>();
  return {
    async list(organizationId, filters, options) {
      let query = tenantScope(options?.trx?.withTables<AuditTables>() ?? tables, organizationId)
        .selectFrom("auditEntries")
        .select(["id", "event", "entityType", "entityId", "actorId", "actorType", "changes", "eventId", "occurredAt"]);
      if (filters.entityType) query = query.where("entityType", "=", filters.entityType);
      if (filters.entityId) query = query.where("entityId", "=", filters.entityId);
      if (filters.event) query = query.where("event", "=", filters.event);
      if (filters.actorId) query = query.where("actorId", "=", filters.actorId);
      if (filters.from) query = query.where("occurredAt", ">=", filters.from);
      if (filters.to) query = query.where("occurredAt", "<=", filters.to);
      const rows = await query
        .orderBy("occurredAt", "desc")
        .orderBy("id", "desc")
        .limit(filters.limit ?? 50)
        .execute();
      return rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
    },
  };
}

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.audit` too.
declare module "../../kernel/services.js" {
  interface Services {
    audit: AuditService;
  }
}
