import type { PluginManifest } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { EMAIL_INVOICE_TASK } from "./order-invoices.js";
import { ordersEvents } from "./orders-events.js";
import { ordersMigrations } from "./orders-migrations.js";
import { createOrdersService } from "./orders-service.js";
import { emailInvoiceRoute } from "./routes/email-invoice.js";
import { getInvoiceHtmlRoute } from "./routes/get-invoice-html.js";
import { getInvoicePdfRoute } from "./routes/get-invoice-pdf.js";
import { getOrderRoute } from "./routes/get-order.js";
import { getReceiptHtmlRoute } from "./routes/get-receipt-html.js";

/** Orders: the tables checkout writes (orders, their lines, per-year number counters) and reading one order. */
export const ordersModule: PluginManifest = {
  id: "orders",
  version: CORE_VERSION,
  // Jobs: invoices are e-mailed by `orders/email-invoice`.
  dependencies: ["settings", "jobs"],
  permissions: [{ scope: "orders:read", description: "Read orders" }],
  schema: { migrations: ordersMigrations },
  events: ordersEvents,
  services: (context) => ({ orders: createOrdersService(context) }),
  tasks: [
    defineTask({
      slug: EMAIL_INVOICE_TASK,
      retries: { attempts: 5, backoff: { type: "exponential", delay: 30_000 } },
      handler: ({ orderId, to }, { services, job }) => services.orders.emailInvoice(job.organizationId, { orderId, to }),
    }),
  ],
  routes: (context) => [
    ...getOrderRoute(context),
    ...getInvoicePdfRoute(context),
    ...getInvoiceHtmlRoute(context),
    ...getReceiptHtmlRoute(context),
    ...emailInvoiceRoute(context),
  ],
};
