import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { refundSchema } from "../order-refund-schemas.js";

export const listRefundsRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/refunds", {
      summary: "List an order's refunds",
      description: "Newest first, undone ones included, each with its lines and payout status.",
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .output(z.array(refundSchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.orders.listRefunds(organizationId, params.id),
    }))
    .build();
