import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { cartQuery, cartSchema, MAX_ITEM_QUANTITY, updateCartItemBody } from "../carts-schemas.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC } from "../cart-token.js";
import { CART_ACCESS_DOC, cartAnswer, cartTarget } from "./cart-route-helpers.js";

export const updateCartItemRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .patch("/:id/items/:itemId", {
      summary: "Change the quantity of a cart line",
      description: [
        `\`quantity\` from 1 to ${MAX_ITEM_QUANTITY} (remove the line to drop it). A checked-out cart is a 409.`,
        `${CART_ACCESS_DOC}`,
      ].join(" "),
    })
    .permission("cart:update")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid(), itemId: z.uuid() }))
    .query(cartQuery)
    .input(updateCartItemBody)
    .output(cartSchema)
    .handler(async ({ params, query, input, actor, organizationId, request }) =>
      cartAnswer(
        await services.carts.updateItem(
          cartTarget({ organizationId, cartId: params.id, actor, request, query }),
          params.itemId,
          input,
        ),
      ),
    )
    .build();
