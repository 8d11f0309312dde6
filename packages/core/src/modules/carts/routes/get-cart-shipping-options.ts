import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingQuoteSchema } from "../../shipping/index.js";
import { cartShippingOptionsQuery } from "../carts-schemas.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC } from "../cart-token.js";
import { cartTarget } from "./cart-route-helpers.js";

export const getCartShippingOptionsRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .get("/:id/shipping-options", {
      summary: "The shipping options that apply to a cart, priced",
      description: [
        "For the cart's address (`PUT /carts/{id}/shipping`): its shippable lines grouped by shipping profile, and",
        "for each group every option that applies, priced in the cart's currency after `promotionCodes` (a",
        "free_shipping code makes them 0), with `tax` and `gross`, cheapest first. `explain=true` adds the options",
        "that do not apply with their `reason` (ADDRESS_REQUIRED, ZONE_MISMATCH, CURRENCY_NOT_PRICED,",
        "SUBTOTAL_BELOW_MINIMUM, SUBTOTAL_ABOVE_MAXIMUM, WEIGHT_BELOW_MINIMUM, WEIGHT_ABOVE_MAXIMUM, NO_BAND).",
        "`isRequired` false: checkout needs no option (no line ships, or the store has no shipping options).",
        "Same access as `GET /carts/{id}`.",
      ].join(" "),
    })
    .permission("cart:read")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid() }))
    .query(cartShippingOptionsQuery)
    .output(shippingQuoteSchema)
    .handler(async ({ params, query, actor, organizationId, request }) => ({
      data: await services.carts.shippingOptions({
        ...cartTarget({ organizationId, cartId: params.id, actor, request, query }),
        explain: query.explain,
      }),
    }))
    .build();
