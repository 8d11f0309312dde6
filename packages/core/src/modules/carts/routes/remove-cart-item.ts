import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { cartQuery, cartSchema } from "../carts-schemas.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC } from "../cart-token.js";
import { CART_ACCESS_DOC, cartAnswer, cartTarget } from "./cart-route-helpers.js";

export const removeCartItemRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .delete("/:id/items/:itemId", {
      summary: "Remove a cart line",
      description: `A checked-out cart is a 409. ${CART_ACCESS_DOC}`,
    })
    .permission("cart:update")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid(), itemId: z.uuid() }))
    .query(cartQuery)
    .output(cartSchema)
    .handler(async ({ params, query, actor, organizationId, request }) =>
      cartAnswer(
        await services.carts.removeItem(
          cartTarget({ organizationId, cartId: params.id, actor, request, query }),
          params.itemId,
        ),
      ),
    )
    .build();
