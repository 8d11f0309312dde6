import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createCartBody, createdCartSchema } from "../carts-schemas.js";

export const createCartRoute = ({ services }: RouteContext) =>
  router("Carts", "/carts")
    .post("/", {
      summary: "Create a cart",
      description: [
        "A signed-in customer's cart belongs to their session; `customerId` names another customer only with",
        "`orders:create:on-behalf` (403 otherwise). Every cart gets a `cartToken`, answered only here:",
        "send it as `x-cart-token` to reach the cart (a guest has nothing else). Prices include tax when the store's",
        "`carts.isTaxInclusive` setting says so.",
      ].join(" "),
    })
    .permission("cart:create")
    .input(createCartBody)
    .output(createdCartSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => {
      const { cart, cartToken } = await services.carts.create({ organizationId, caller: { actor }, body: input });
      return { data: { ...cart, cartToken } };
    })
    .build();
