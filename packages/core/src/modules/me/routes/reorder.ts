import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { myOrderIdParams, reorderCartSchema } from "../me-schemas.js";
import { ME_ACCESS_DOC } from "./me-route-doc.js";

export const reorderRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .post("/orders/:orderId/reorder", {
      summary: "Buy one of my orders again",
      description: [
        "Makes a NEW cart of mine (answered like `POST /api/carts`, with its `cartToken`) holding the order's",
        "items at the quantities ordered, priced today. Items deleted, no longer published, `discontinued` or",
        "without a price in the order's currency are left out and listed in",
        "`meta.skipped: [{ entityId, variantId, title, quantity, reason }]` (`reason`:",
        "`deleted`, `unpublished`, `discontinued`, `no_price`). When nothing is left, no cart is made:",
        "409 `CONFLICT` with `details.skipped`. Stock is checked at checkout. Needs `orders:read:own` and",
        `\`cart:create\`. \`:orderId\` is the order's UUID or number. ${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("orders:read:own", "cart:create")
    .params(myOrderIdParams)
    .output(reorderCartSchema)
    .status(201)
    .handler(async ({ params, actor, organizationId }) => {
      const { cart, skipped } = await services.me.reorder({ organizationId, actor, idOrNumber: params.orderId });
      return { data: cart, meta: { skipped } };
    })
    .build();
