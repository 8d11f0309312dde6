import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { cartQuery, cartSchema } from "../carts-schemas.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC } from "../cart-token.js";
import { CART_ACCESS_DOC, cartAnswer, cartTarget } from "./cart-route-helpers.js";

export const getCartRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .get("/:id", {
      summary: "Read a cart with its lines, prices, promotions, tax and totals",
      description: CART_ACCESS_DOC,
    })
    .permission("cart:read")
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid() }))
    .query(cartQuery)
    .output(cartSchema)
    .handler(async ({ params, query, actor, organizationId, request }) =>
      cartAnswer(await services.carts.get(cartTarget({ organizationId, cartId: params.id, actor, request, query }))),
    )
    .build();
