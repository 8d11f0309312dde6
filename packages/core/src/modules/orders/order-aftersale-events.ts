import { z } from "zod";
import { defineEvents } from "../../kernel/domain-events.js";
import { fulfillmentSchema } from "./order-fulfillment-schemas.js";
import { refundSchema } from "./order-refund-schemas.js";
import { orderStatusSchema } from "./orders-schemas.js";

/** Fulfillment events webhook endpoints may subscribe to (the spec's table). */
export const fulfillmentEvents = defineEvents({
  "fulfillment.create": {
    description: "A fulfillment record is created",
    payload: z.object({
      orderId: z.string(),
      number: z.string(),
      orderStatus: orderStatusSchema,
      fulfillment: fulfillmentSchema,
    }),
  },
});

/**
 * Refund events: audit entries, not webhook events (the spec's webhook table names none), so they are
 * declared to `DomainEvents` only (orders-service.ts), with these payloads.
 */
export const refundEventPayload = z.object({ orderId: z.string(), number: z.string(), refund: refundSchema });
