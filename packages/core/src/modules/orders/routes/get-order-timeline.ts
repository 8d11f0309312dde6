import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { timelineEntrySchema } from "../orders-schemas.js";

export const getOrderTimelineRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/timeline", {
      summary: "Read an order's timeline",
      description: [
        "Status changes, notes, refunds and refund undos merged, newest first, each with `type`, `at`, `actor`,",
        "`summary` and `data`.",
      ].join(" "),
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .output(z.array(timelineEntrySchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.orders.timeline(organizationId, params.id),
    }))
    .build();
