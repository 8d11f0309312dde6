import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customFieldRowSchema } from "../catalog-schemas.js";

export const listProposalsRoute = ({ services }: RouteContext) =>
  router("Catalog administration", "/admin")
    .get("/custom-field-proposals", {
      summary: "The organization's queue of pending custom-field proposals",
      description: [
        "Oldest first; each item carries entitySlug and entityType.",
        "`entityType` and `entityId` narrow the queue (an entity of another organization finds nothing).",
      ].join(" "),
    })
    .permission("catalog:update")
    .query(paginationQuery.extend({ entityType: z.string().min(1).max(100).optional(), entityId: z.uuid().optional() }))
    .output(z.array(customFieldRowSchema.extend({ entitySlug: z.string(), entityType: z.string() })))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.catalog.listProposals(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
