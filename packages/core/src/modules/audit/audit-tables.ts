import type { Json, Timestamp } from "../../db/core-tables.js";

export type AuditTables = {
  auditEntries: {
    id: string;
    organizationId: string;
    event: string;
    entityType: string;
    entityId: string;
    actorId: string | null;
    actorType: string | null;
    /** What changed: the domain event's payload (before/after where the emitter provides it). */
    changes: Json;
    eventId: string | null;
    occurredAt: Timestamp;
  };
};
