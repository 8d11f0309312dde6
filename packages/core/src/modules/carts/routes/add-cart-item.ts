import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { addCartItemBody, cartQuery, cartSchema, MAX_CART_ITEMS, MAX_ITEM_QUANTITY } from "../carts-schemas.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC } from "../cart-token.js";
import { CART_ACCESS_DOC, cartAnswer, cartTarget } from "./cart-route-helpers.js";

export const addCartItemRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .post("/:id/items", {
      summary: "Add an item to a cart",
      description: [
        "Adds an entity (or one of its variants) that is published and has a price in the cart's currency (422",
        `otherwise, nothing written). The same item added again merges into its line. At most ${MAX_ITEM_QUANTITY}`,
        `units per line and ${MAX_CART_ITEMS} lines per cart (422). A checked-out cart is a 409.`,
        `Emits cart.afterAddItem. ${CART_ACCESS_DOC}`,
      ].join(" "),
    })
    .permission("cart:update")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid() }))
    .query(cartQuery)
    .input(addCartItemBody)
    .output(cartSchema)
    .handler(async ({ params, query, input, actor, organizationId, request }) =>
      cartAnswer(
        await services.carts.addItem(cartTarget({ organizationId, cartId: params.id, actor, request, query }), input),
      ),
    )
    .build();
