import { router } from "../../../http/router.js";
import { withHookErrors } from "../../../http/with-hook-errors.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC, cartTokenOf } from "../../carts/index.js";
import { checkoutBody, placedOrderSchema } from "../checkout-schemas.js";

export const checkoutRoute = ({ services }: RouteContext) =>
  router("Checkout", "/checkout")
    .post("/", {
      summary: "Place an order from a cart",
      description: [
        "By the cart's owner (its `x-cart-token`, the customer's session, or `cart:manage`; 404 otherwise).",
        "In one transaction: prices every line again on the server (client prices are never charged), applies and",
        "redeems `promotionCodes`, taxes each discounted line (`shippingAddress`, else the cart's, selects runtime",
        "region rates), prices the cart's chosen shipping options again (`PUT /carts/{id}/shipping`), takes",
        "the stock, writes the order `ORD-YYYY-NNNNNN` (pending) with each line's price, discount and tax, records the",
        "payment intent (answered as `payment`; the provider is called afterwards by a job: read",
        "`GET /payments/intents/{payment.id}` for its client secret) and freezes the cart; emits orders.create.",
        "`customerId` of another customer and `customerGroupIds` need `orders:create:on-behalf` (403).",
        "Any failure is a 422 CHECKOUT_FAILED with `error.details.reason` (CART_EMPTY, CART_CHECKED_OUT,",
        "CURRENCY_MISMATCH, ITEM_UNAVAILABLE, PRICE_MISSING, PROMOTION_NOT_FOUND, PROMOTION_NOT_APPLICABLE,",
        "OUT_OF_STOCK, UNKNOWN_PAYMENT_PROVIDER, REFUSED_BY_HOOK, INVALID_HOOK_CHANGE, SHIPPING_REQUIRED,",
        "SHIPPING_OPTION_UNAVAILABLE) and nothing written or",
        "reserved. `checkout.beforeCreate` hooks may change or refuse the order; `orders.afterCreate` hooks run after",
        "commit, their failures in `meta.hookErrors`.",
      ].join(" "),
    })
    .permission("orders:create")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .input(checkoutBody)
    .output(placedOrderSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId, request }) =>
      withHookErrors(
        await services.checkout.checkout({
          organizationId,
          actor,
          cartToken: cartTokenOf(request.headers),
          body: input,
        }),
      ),
    )
    .build();
