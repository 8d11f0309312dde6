import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { cartQuery, cartSchema, setCartShippingBody } from "../carts-schemas.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC } from "../cart-token.js";
import { CART_ACCESS_DOC, cartAnswer, cartTarget } from "./cart-route-helpers.js";

export const setCartShippingRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .put("/:id/shipping", {
      summary: "Set where a cart ships and the shipping options chosen",
      description: [
        "Replaces `address` (null: none, for pickup) and `optionIds` (one per shipping group of",
        "`GET /carts/{id}/shipping-options`). An option that does not apply now is a 422 (`details.reason`",
        "SHIPPING_OPTION_UNAVAILABLE) and nothing changes. The answer's `shipping` shows the chosen options priced",
        "with their tax and `shippingTotal` is part of `total`; checkout prices them again. A checked-out cart is a 409.",
        CART_ACCESS_DOC,
      ].join(" "),
    })
    .permission("cart:update")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid() }))
    .query(cartQuery)
    .input(setCartShippingBody)
    .output(cartSchema)
    .handler(async ({ params, query, input, actor, organizationId, request }) =>
      cartAnswer(
        await services.carts.setShipping(
          cartTarget({ organizationId, cartId: params.id, actor, request, query }),
          input,
        ),
      ),
    )
    .build();
