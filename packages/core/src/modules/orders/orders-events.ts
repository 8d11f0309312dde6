import { z } from "zod";
import { defineEvents } from "../../kernel/domain-events.js";
import { orderSchema, orderStatusSchema } from "./orders-schemas.js";

/** Orders' events that webhook endpoints may subscribe to (the spec's table). */
export const ordersEvents = defineEvents({
  "orders.create": { description: "An order is created by checkout", payload: z.object({ order: orderSchema }) },
  "orders.statusChange": {
    description: "An order moves to a new status",
    payload: z.object({
      orderId: z.string(),
      number: z.string(),
      from: orderStatusSchema,
      to: orderStatusSchema,
      reason: z.string().nullable(),
    }),
  },
});
