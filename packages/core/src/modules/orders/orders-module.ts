import type { PluginManifest } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { fulfillmentEvents } from "./order-aftersale-events.js";
import { compactSalesRollups } from "./order-sales-rollups.js";
import { COMPACT_ORDER_COUNTS_INTERVAL_MS, COMPACT_ORDER_COUNTS_TASK, compactOrderCounts } from "./order-counts.js";
import { EMAIL_INVOICE_TASK } from "./order-invoices.js";
import { PAY_REFUND_TASK } from "./order-refund-payout.js";
import { ordersEvents } from "./orders-events.js";
import { orderLinesAnalyticsModel, ordersAnalyticsModel, refundsAnalyticsModel } from "./orders-analytics.js";
import { ordersMigrations } from "./orders-migrations.js";
import { createOrdersService } from "./orders-service.js";
import { createFulfillmentRoute } from "./routes/create-fulfillment.js";
import { createRefundRoute } from "./routes/create-refund.js";
import { emailInvoiceRoute } from "./routes/email-invoice.js";
import { getInvoiceHtmlRoute } from "./routes/get-invoice-html.js";
import { getInvoicePdfRoute } from "./routes/get-invoice-pdf.js";
import { changeOrderStatusRoute } from "./routes/change-order-status.js";
import { createOrderNoteRoute } from "./routes/create-order-note.js";
import { deleteOrderNoteRoute } from "./routes/delete-order-note.js";
import { getOrderRoute } from "./routes/get-order.js";
import { getOrderTimelineRoute } from "./routes/get-order-timeline.js";
import { listOrderNotesRoute } from "./routes/list-order-notes.js";
import { listOrdersRoute } from "./routes/list-orders.js";
import { getReceiptHtmlRoute } from "./routes/get-receipt-html.js";
import { getRefundCapRoute } from "./routes/get-refund-cap.js";
import { listFulfillmentsRoute } from "./routes/list-fulfillments.js";
import { listRefundsRoute } from "./routes/list-refunds.js";
import { undoRefundRoute } from "./routes/undo-refund.js";

/** Orders: the tables checkout writes (orders, their lines, per-year number counters) and reading one order. */
export const ordersModule: PluginManifest = {
  id: "orders",
  version: CORE_VERSION,
  // Jobs: invoices are e-mailed by `orders/email-invoice`. Inventory: cancelling returns the stock.
  dependencies: ["settings", "jobs", "inventory", "customers"],
  permissions: [
    { scope: "orders:read", description: "Read orders" },
    { scope: "orders:update", description: "Change orders: status, fulfillments, refunds and notes" },
  ],
  schema: { migrations: ordersMigrations },
  analyticsModels: [ordersAnalyticsModel, orderLinesAnalyticsModel, refundsAnalyticsModel],
  events: { ...ordersEvents, ...fulfillmentEvents },
  services: (context) => ({ orders: createOrdersService(context) }),
  tasks: [
    // The money goes back once a refund can no longer be undone; a provider failure is retried with
    // exponential backoff (8 attempts, 5 s doubling), the last one marking the refund `payout_failed`.
    defineTask({
      slug: PAY_REFUND_TASK,
      retries: { attempts: 8, backoff: { type: "exponential", delay: 5_000 } },
      handler: async ({ refundId }, { services, job }) => ({
        refundId,
        status: await services.orders.payOutRefund(job.organizationId, refundId, {
          isLast: job.attempts >= job.maxAttempts,
        }),
      }),
    }),
    // Folds the list totals' and the sales rollups' deltas at boot, then every ten minutes (one pending
    // copy at a time).
    defineTask({
      slug: COMPACT_ORDER_COUNTS_TASK,
      every: COMPACT_ORDER_COUNTS_INTERVAL_MS,
      handler: async (_input, { db }) => ({ folded: (await compactOrderCounts(db)) + (await compactSalesRollups(db)) }),
    }),
    defineTask({
      slug: EMAIL_INVOICE_TASK,
      retries: { attempts: 5, backoff: { type: "exponential", delay: 30_000 } },
      handler: ({ orderId, to }, { services, job }) =>
        services.orders.emailInvoice(job.organizationId, { orderId, to }),
    }),
  ],
  routes: (context) => [
    ...listOrdersRoute(context),
    ...getOrderRoute(context),
    ...changeOrderStatusRoute(context),
    ...createOrderNoteRoute(context),
    ...listOrderNotesRoute(context),
    ...deleteOrderNoteRoute(context),
    ...getOrderTimelineRoute(context),
    ...getInvoicePdfRoute(context),
    ...getInvoiceHtmlRoute(context),
    ...getReceiptHtmlRoute(context),
    ...emailInvoiceRoute(context),
    // Before `/:id/...` in the document; the router prefers the static `/refunds/cap` in any order.
    ...getRefundCapRoute(context),
    ...createFulfillmentRoute(context),
    ...listFulfillmentsRoute(context),
    ...createRefundRoute(context),
    ...undoRefundRoute(context),
    ...listRefundsRoute(context),
  ],
};
