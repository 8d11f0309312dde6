import type { AnalyticsModel } from "../../kernel/analytics-model.js";

// Amounts are integers of minor units in the order's currency: group or filter by `currency` before
// adding them up across a store that sells in several.

/** Orders as `POST /api/analytics/query` reads them: one row per order. */
export const ordersAnalyticsModel: AnalyticsModel = {
  name: "orders",
  description: "Orders, one row each; amounts in minor units of the order's currency",
  table: "orders",
  measures: {
    count: { type: "count", description: "Number of orders" },
    customers: { type: "countDistinct", column: "customer_id", description: "Distinct customers who ordered" },
    subtotal: { type: "sum", column: "subtotal", description: "Sum of subtotals (before discount and tax)" },
    discountTotal: { type: "sum", column: "discount_total", description: "Sum of discounts" },
    taxTotal: { type: "sum", column: "tax_total", description: "Sum of tax" },
    total: { type: "sum", column: "total", description: "Sum of totals (what customers paid, shipping included)" },
    shippingTotal: { type: "sum", column: "shipping_total", description: "Sum of shipping charged (its tax included)" },
    shippingTaxTotal: { type: "sum", column: "shipping_tax_total", description: "Sum of the tax inside shipping" },
    shippingRefunded: {
      type: "sum",
      column: "shipping_refunded",
      description: "Sum of shipping refunded (undone refunds not)",
    },
    averageTotal: { type: "avg", column: "total", description: "Average order total" },
    minTotal: { type: "min", column: "total" },
    maxTotal: { type: "max", column: "total" },
  },
  dimensions: {
    status: { type: "string", column: "status" },
    currency: { type: "string", column: "currency" },
    customerId: { type: "string", column: "customer_id" },
    paymentMethodId: { type: "string", column: "payment_method_id" },
    isTaxInclusive: { type: "boolean", column: "is_tax_inclusive" },
    createdAt: { type: "time", column: "created_at", description: "When the order was placed" },
  },
};

/** Order lines, with their order's status and currency through a join. */
export const orderLinesAnalyticsModel: AnalyticsModel = {
  name: "orderLines",
  description: "Order lines, one row each; amounts in minor units of the order's currency",
  table: "order_lines",
  joins: { order: { table: "orders", column: "order_id" } },
  measures: {
    count: { type: "count", description: "Number of lines" },
    orders: { type: "countDistinct", column: "order_id", description: "Distinct orders" },
    quantity: { type: "sum", column: "quantity", description: "Units sold" },
    refundedQuantity: { type: "sum", column: "refunded_quantity", description: "Units refunded" },
    fulfilledQuantity: { type: "sum", column: "fulfilled_quantity", description: "Units shipped" },
    subtotal: { type: "sum", column: "subtotal" },
    discount: { type: "sum", column: "discount" },
    tax: { type: "sum", column: "tax" },
    total: { type: "sum", column: "total" },
    averageUnitPrice: { type: "avg", column: "unit_price" },
  },
  dimensions: {
    entityId: { type: "string", column: "entity_id" },
    variantId: { type: "string", column: "variant_id" },
    sku: { type: "string", column: "sku" },
    title: { type: "string", column: "title" },
    taxRateBps: { type: "number", column: "tax_rate_bps" },
    orderStatus: { type: "string", column: { join: "order", column: "status" } },
    currency: { type: "string", column: { join: "order", column: "currency" } },
    createdAt: { type: "time", column: "created_at", description: "When the order was placed" },
  },
};

/** Refunds (their undos included: filter `status`). */
export const refundsAnalyticsModel: AnalyticsModel = {
  name: "refunds",
  description: "Refunds, one row each; amounts in minor units of the refund's currency",
  table: "order_refunds",
  measures: {
    count: { type: "count", description: "Number of refunds" },
    orders: { type: "countDistinct", column: "order_id", description: "Distinct refunded orders" },
    amount: { type: "sum", column: "amount", description: "Sum refunded (shipping included)" },
    shippingAmount: { type: "sum", column: "shipping_amount", description: "Sum of shipping refunded" },
    averageAmount: { type: "avg", column: "amount" },
  },
  dimensions: {
    status: { type: "string", column: "status", description: "pending_payout, paid_out, payout_failed or undone" },
    currency: { type: "string", column: "currency" },
    actorId: { type: "string", column: "actor_id", description: "Who refunded" },
    orderId: { type: "string", column: "order_id" },
    createdAt: { type: "time", column: "created_at" },
  },
};
