import { z } from "zod";
import { MAX_PROMOTION_CODES } from "../carts/index.js";
import { orderSchema } from "../orders/index.js";
import { paymentSummarySchema } from "../payments/index.js";
import { currencySchema } from "../../money/currency-schema.js";
import { customerGroupIdSchema } from "../pricing/index.js";
import { codeSchema } from "../promotions/index.js";

/** The spec's checkout request. Prices, totals, tenant and actor are never read from it. */
export const checkoutBody = z.object({
  cartId: z.uuid(),
  /** `<provider>` or `<provider>:<method>` / `<provider>_<method>` of a registered payment adapter (`manual`, `card:pm_123`). */
  paymentMethodId: z.string().min(1).max(200),
  /** Must be the cart's currency. */
  currency: currencySchema,
  /** The order's customer; another than the caller's own needs `orders:create:on-behalf`. */
  customerId: z.string().min(1).max(200).optional(),
  /**
   * Groups whose prices and promotions apply instead of the customer's own (read from their profile when
   * this is absent); only with `orders:create:on-behalf` (403 otherwise).
   */
  customerGroupIds: z.array(customerGroupIdSchema).max(100).optional(),
  /** Applied in order, each redeemed once with the order. */
  promotionCodes: z.array(codeSchema).max(MAX_PROMOTION_CODES).optional(),
  shippingAddress: z
    .object({
      line1: z.string().min(1).max(200),
      city: z.string().min(1).max(100),
      state: z.string().min(1).max(100).optional(),
      postalCode: z.string().min(1).max(20),
      /** ISO 3166-1 alpha-2, upper case: selects runtime tax rates with `state`. */
      country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code in upper case"),
    })
    .optional(),
});

export type CheckoutInput = z.output<typeof checkoutBody>;

/**
 * Checkout's answer: the order, and its payment intent. A storefront reads the intent
 * (`GET /payments/intents/:id`) for the provider's client secret once the provider answered.
 */
export const placedOrderSchema = orderSchema.extend({ payment: paymentSummarySchema });
