import { z } from "zod";

/**
 * The Agentic Checkout API's bodies (spec 2026-04-17), as this server reads and answers them. Requests
 * are strict where the spec is (`additionalProperties: false`) and carry no price the server would
 * charge: `unit_amount` and `name` of an item are accepted and ignored, the server prices every line.
 */

const text = (max: number) => z.string().min(1).max(max);

/** An item reference: a catalog entity id, or `<entityId>:<variantId>` for a variant. */
export const itemIdSchema = z
  .string()
  .regex(/^[0-9a-f-]{36}(:[0-9a-f-]{36})?$/i, "a catalog entity id, or <entityId>:<variantId>");

/** What the agent asks for. `quantity` (the spec's examples send it) defaults to 1. */
export const itemSchema = z.strictObject({
  id: itemIdSchema,
  quantity: z.number().int().min(1).max(999).optional(),
  name: text(500).optional(),
  unit_amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const addressSchema = z.strictObject({
  name: text(200),
  line_one: text(200),
  line_two: z.string().max(200).optional(),
  city: text(100),
  state: text(100),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Za-z]{2}$/, "an ISO 3166-1 alpha-2 code"),
  postal_code: text(20),
});

export const buyerSchema = z.strictObject({
  first_name: text(200).optional(),
  last_name: text(200).optional(),
  full_name: text(400).optional(),
  email: z.email().max(320),
  phone_number: text(50).optional(),
  customer_id: text(200).optional(),
  account_type: z.enum(["guest", "registered", "business"]).optional(),
  authentication_status: z.enum(["authenticated", "guest", "requires_signin"]).optional(),
});

export const fulfillmentDetailsSchema = z.strictObject({
  name: text(200).optional(),
  phone_number: text(50).optional(),
  email: z.email().max(320).optional(),
  address: addressSchema.optional(),
});

export const selectedFulfillmentOptionSchema = z.strictObject({
  type: z.enum(["shipping", "digital", "pickup", "local_delivery"]),
  option_id: text(100),
  item_ids: z.array(text(100)).max(100),
});

const discountsRequestSchema = z.strictObject({ codes: z.array(text(100)).max(10) });

/** Accepted and not interpreted: what the agent can do (interventions, extensions). */
const capabilitiesSchema = z.record(z.string().max(100), z.unknown());

export const createSessionBody = z
  .strictObject({
    line_items: z.array(itemSchema).min(1).max(100).optional(),
    /** The field's name before 2026-01-30. */
    items: z.array(itemSchema).min(1).max(100).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "an ISO 4217 code")
      .optional(),
    buyer: buyerSchema.optional(),
    fulfillment_details: fulfillmentDetailsSchema.optional(),
    capabilities: capabilitiesSchema.optional(),
    discounts: discountsRequestSchema.optional(),
    locale: text(35).optional(),
    timezone: text(100).optional(),
    metadata: z.record(z.string().max(100), z.unknown()).optional(),
    affiliate_attribution: z.record(z.string().max(100), z.unknown()).optional(),
  })
  .refine((body) => body.line_items !== undefined || body.items !== undefined, {
    message: "line_items is required",
    path: ["line_items"],
  });

export type CreateSessionBody = z.output<typeof createSessionBody>;

export const updateSessionBody = z.strictObject({
  line_items: z.array(itemSchema).min(1).max(100).optional(),
  items: z.array(itemSchema).min(1).max(100).optional(),
  buyer: buyerSchema.optional(),
  fulfillment_details: fulfillmentDetailsSchema.optional(),
  selected_fulfillment_options: z.array(selectedFulfillmentOptionSchema).max(10).optional(),
  /** The spec's single selection before 2026-01-30. */
  fulfillment_option_id: text(100).optional(),
  discounts: discountsRequestSchema.optional(),
});

export type UpdateSessionBody = z.output<typeof updateSessionBody>;

const credentialSchema = z.strictObject({ type: text(50), token: text(500) });

export const paymentDataSchema = z
  .strictObject({
    handler_id: text(100).optional(),
    instrument: z.strictObject({ type: text(50), credential: credentialSchema }).optional(),
    /** Before 2026-01-30: `{ token, provider }`. */
    token: text(500).optional(),
    provider: text(100).optional(),
    billing_address: addressSchema.optional(),
  })
  .refine((payment) => payment.handler_id !== undefined || payment.provider !== undefined, {
    message: "handler_id is required",
    path: ["handler_id"],
  });

export const completeSessionBody = z.strictObject({
  payment_data: paymentDataSchema,
  buyer: buyerSchema.optional(),
  affiliate_attribution: z.record(z.string().max(100), z.unknown()).optional(),
  risk_signals: z.record(z.string().max(100), z.unknown()).optional(),
  marketing_consents: z
    .array(z.record(z.string().max(100), z.unknown()))
    .max(10)
    .optional(),
});

export type CompleteSessionBody = z.output<typeof completeSessionBody>;

export const cancelSessionBody = z
  .strictObject({
    intent_trace: z
      .strictObject({
        reason_code: text(100),
        trace_summary: z.string().max(500).optional(),
        metadata: z.record(z.string().max(100), z.unknown()).optional(),
      })
      .optional(),
  })
  .optional();

/** `cs_` and 32 hex digits. */
export const sessionIdParams = z.object({ id: z.string().regex(/^cs_[0-9a-f]{32}$/, "a checkout session id") });

// Answers.

export const totalSchema = z.object({
  type: z.enum([
    "items_base_amount",
    "items_discount",
    "subtotal",
    "discount",
    "fulfillment",
    "tax",
    "fee",
    "total",
    "amount_refunded",
  ]),
  display_text: z.string(),
  amount: z.number().int(),
});

export const messageSchema = z.object({
  type: z.enum(["info", "warning", "error"]),
  code: z.string().optional(),
  severity: z.enum(["info", "low", "medium", "high", "critical"]).optional(),
  resolution: z.enum(["recoverable", "requires_buyer_input", "requires_buyer_review"]).optional(),
  param: z.string().optional(),
  content_type: z.enum(["plain", "markdown"]),
  content: z.string(),
});

export const lineItemSchema = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), name: z.string().optional(), unit_amount: z.number().int().optional() }),
  quantity: z.number().int(),
  name: z.string().optional(),
  unit_amount: z.number().int().optional(),
  product_id: z.string(),
  variant_id: z.string().optional(),
  sku: z.string().optional(),
  availability_status: z.enum(["in_stock", "low_stock", "out_of_stock"]).optional(),
  available_quantity: z.number().int().optional(),
  totals: z.array(totalSchema),
});

export const fulfillmentOptionSchema = z.object({
  type: z.enum(["shipping", "digital"]),
  id: z.string(),
  title: z.string(),
  carrier: z.string().optional(),
  earliest_delivery_time: z.string().optional(),
  latest_delivery_time: z.string().optional(),
  totals: z.array(totalSchema),
});

export const orderLineItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  product_id: z.string(),
  quantity: z.object({ ordered: z.number().int(), current: z.number().int(), fulfilled: z.number().int() }),
  unit_price: z.number().int(),
  subtotal: z.number().int(),
  status: z.enum(["processing", "partial", "fulfilled", "removed"]),
});

/** The spec's Order, as the completion answer and the order webhooks carry it. */
export const acpOrderSchema = z.object({
  type: z.literal("order"),
  id: z.string(),
  checkout_session_id: z.string(),
  order_number: z.string(),
  permalink_url: z.string(),
  status: z.enum(["created", "confirmed", "manual_review", "processing", "shipped", "completed", "canceled"]),
  line_items: z.array(orderLineItemSchema),
  totals: z.array(totalSchema),
});

export const checkoutSessionSchema = z.object({
  id: z.string(),
  protocol: z.object({ version: z.string() }),
  capabilities: z.record(z.string(), z.unknown()),
  buyer: buyerSchema.optional(),
  status: z.enum(["not_ready_for_payment", "ready_for_payment", "completed", "canceled"]),
  currency: z.string(),
  line_items: z.array(lineItemSchema),
  fulfillment_details: fulfillmentDetailsSchema.optional(),
  fulfillment_options: z.array(fulfillmentOptionSchema),
  selected_fulfillment_options: z.array(selectedFulfillmentOptionSchema),
  totals: z.array(totalSchema),
  messages: z.array(messageSchema),
  links: z.array(z.object({ type: z.string(), url: z.string() })),
  discounts: z
    .object({
      codes: z.array(z.string()),
      applied: z.array(
        z.object({
          id: z.string(),
          code: z.string(),
          coupon: z.object({ id: z.string(), name: z.string() }),
          amount: z.number().int(),
        }),
      ),
      rejected: z.array(z.object({ code: z.string(), reason: z.string(), message: z.string().optional() })),
    })
    .optional(),
  order: acpOrderSchema.optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type CheckoutSession = z.output<typeof checkoutSessionSchema>;
export type AcpOrder = z.output<typeof acpOrderSchema>;
export type AcpTotal = z.output<typeof totalSchema>;
export type AcpMessage = z.output<typeof messageSchema>;
