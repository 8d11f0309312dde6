import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { auditEntrySchema, auditLimit } from "../audit-schemas.js";

const query = z
  .object({
    entityType: z.string().min(1).optional(),
    entityId: z.string().min(1).optional(),
    event: z.string().min(1).optional(),
    actorId: z.string().min(1).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: auditLimit,
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: "from must not be after to",
    path: ["from"],
  });

export const listAuditEntries = ({ services }: RouteContext) =>
  router("Audit", "/audit")
    .get("/", { summary: "Search the audit log, newest first" })
    .permission("audit:read")
    .query(query)
    .output(z.array(auditEntrySchema))
    .handler(async ({ query: filters, organizationId }) => {
      const entries = await services.audit.list(organizationId, {
        ...filters,
        from: filters.from ? new Date(filters.from) : undefined,
        to: filters.to ? new Date(filters.to) : undefined,
      });
      return { data: entries, meta: { limit: filters.limit, count: entries.length } };
    })
    .build();
