import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { hasPermission } from "../../../kernel/permissions.js";

export const suggestRoute = ({ services }: RouteContext) =>
  router("Search", "/search")
    .get("/suggest", {
      summary: "Complete a search box",
      description: "Entities whose title words start with `prefix`; `limit` default 10.",
    })
    .permission("catalog:read")
    .query(
      z.object({
        prefix: z.string().min(1).max(100),
        type: z.string().min(1).max(100).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(10),
      }),
    )
    .output(z.array(z.object({ id: z.string(), slug: z.string(), type: z.string(), title: z.string().nullable() })))
    .handler(async ({ query, organizationId, actor }) => ({
      data: await services.search.suggest(organizationId, {
        prefix: query.prefix,
        limit: query.limit,
        ...(query.type ? { type: query.type } : {}),
        isUnpublishedVisible: hasPermission(actor, "catalog:read:unpublished"),
      }),
    }))
    .build();
