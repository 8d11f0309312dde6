import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createRefundInput, refundSchema } from "../order-refund-schemas.js";

export const createRefundRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .post("/:id/refunds", {
      summary: "Refund units of an order's lines and its shipping",
      description: [
        "The amount is computed by the server from each line's total (price, discount share and tax share, pro rata by",
        "quantity; refunding every unit refunds exactly the line's total), never sent by the client. `shipping` adds the",
        "order's shipping: `true` for all not yet refunded, or an amount up to it (422 on `body.shipping` beyond it);",
        "at least one line or `shipping`. Undoing the refund gives the shipping back.",
        "Refused with 422 VALIDATION_FAILED when a line asks for more than `quantity - refundedQuantity`, with 403",
        "FORBIDDEN (`error.details`: cap, used, left) when the operator's refunds of the store's day would pass",
        "`policies.refundDailyCap`, with 409 CONFLICT for a pending or cancelled order; nothing is written then.",
        "The refund can be undone for `policies.refundUndoWindowMinutes` (default 15); the payment provider is asked",
        "to pay it back only after that. `approval` carries a one-time approval token a plugin issued (see the",
        "`orders.beforeRefund` hook: a point-of-sale manager override lets one refund past the cap).",
      ].join(" "),
    })
    .permission("orders:update")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .input(createRefundInput)
    .output(refundSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.orders.refund({ organizationId, orderId: params.id, actor, ...input }),
    }))
    .build();
