/**
 * The orders module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/orders/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { ordersModule } from "./orders-module.js";
export type { MailConfig } from "./mail-config.js";
export { createLogMailer, type MailAttachment, type Mailer, type MailMessage } from "./mailer.js";
export type { ListOrdersQuery, OrderSummary } from "./order-listing.js";
export { createRefundInput, refundSchema } from "./order-refund-schemas.js";
export { listOrdersQuery, orderSchema, orderStatusSchema, orderSummarySchema } from "./orders-schemas.js";
export type {
  CreateFulfillmentBody,
  CreateOrderInput,
  CreateOrderLineInput,
  CreateRefundBody,
  EmailInvoiceInput,
  Fulfillment,
  InvoiceDocument,
  Order,
  OrderLine,
  OrdersService,
  OrderStatus,
  Refund,
  RefundCapStatus,
  Seller,
  TaxLine,
} from "./orders-service.js";
