import { z } from "zod";
import { defineEvents } from "../../kernel/domain-events.js";

/** Carts' events that webhook endpoints may subscribe to (the spec's table). */
export const cartsEvents = defineEvents({
  "cart.afterAddItem": {
    description: "An item is added to a cart",
    payload: z.object({
      cartId: z.string(),
      itemId: z.string(),
      entityId: z.string(),
      variantId: z.string().nullable(),
      /** Units this request added. */
      quantity: z.number().int(),
      /** Units on the line afterwards (an existing line of the same item merges). */
      lineQuantity: z.number().int(),
    }),
  },
});
