import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { auditMigrations } from "./audit-migrations.js";
import { createAuditService } from "./audit-service.js";
import { listAuditEntries } from "./routes/list-audit-entries.js";
import { listEntityAuditEntries } from "./routes/list-entity-audit-entries.js";

/**
 * The audit log: every domain event becomes an entry (actor, event, entity, what changed), written by a
 * trigger on the events table (migration 0002) in the statement that stores the event, so an entry exists
 * exactly when the change does.
 */
export const auditModule: PluginManifest = {
  id: "audit",
  version: CORE_VERSION,
  permissions: [{ scope: "audit:read", description: "Read the audit log" }],
  schema: { migrations: auditMigrations },
  services: ({ db }) => ({ audit: createAuditService(db) }),
  routes: (context) => [...listAuditEntries(context), ...listEntityAuditEntries(context)],
};
