import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { refundCapStatusSchema } from "../order-refund-schemas.js";

export const getRefundCapRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/refunds/cap", {
      summary: "The acting operator's daily refund cap",
      description: [
        "`policies.refundDailyCap` for the store's calendar day (`settings.general.timezone`, UTC when unset), what",
        "the caller refunded of it and what is left. `cap` and `left` are null when no cap is set.",
      ].join(" "),
    })
    .permission("orders:read")
    .output(refundCapStatusSchema)
    .handler(async ({ actor, organizationId }) => ({
      data: await services.orders.refundCapStatus(organizationId, actor),
    }))
    .build();
