import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { auditEntrySchema, auditLimit } from "../audit-schemas.js";

export const listEntityAuditEntries = ({ services }: RouteContext) =>
  router("Audit", "/audit")
    .get("/:entityType/:entityId", { summary: "The audit trail of one entity, newest first" })
    .permission("audit:read")
    .query(z.object({ limit: auditLimit }))
    .output(z.array(auditEntrySchema))
    .handler(async ({ params, query, organizationId }) => {
      const entries = await services.audit.list(organizationId, { ...params, limit: query.limit });
      return { data: entries, meta: { limit: query.limit, count: entries.length } };
    })
    .build();
