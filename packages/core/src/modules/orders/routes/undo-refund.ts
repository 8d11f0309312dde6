import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { refundSchema } from "../order-refund-schemas.js";

export const undoRefundRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .post("/:id/refunds/:refundId/undo", {
      summary: "Undo a refund within its undo window",
      description: [
        "Within `policies.refundUndoWindowMinutes` of the refund: gives the lines their refundable units back and the",
        "refunding operator's cap its amount; nothing is paid out. After the window, or for a refund already undone:",
        "409 CONFLICT.",
      ].join(" "),
    })
    .permission("orders:update")
    .params(z.object({ id: z.string().min(1).max(64), refundId: z.string().min(1).max(64) }))
    .output(refundSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.orders.undoRefund({ organizationId, orderId: params.id, refundId: params.refundId, actor }),
    }))
    .build();
