import type { ServiceContext } from "../../kernel/contexts.js";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { z } from "zod";
import type { fulfillmentEvents, refundEventPayload } from "./order-aftersale-events.js";
import { createCustomerOrderReads } from "./order-customer-reads.js";
import { createOrderFulfillments } from "./order-fulfillments.js";
import { createOrderInvoices } from "./order-invoices.js";
import { createRefundPayout } from "./order-refund-payout.js";
import { createOrderRefunds } from "./order-refunds.js";
import { createOrderOperations } from "./order-operations.js";
import { createOrderNotes } from "./order-notes.js";
import { createOrderShipmentTimeline } from "./order-shipment-timeline.js";
import { createOrderStatusOperations } from "./order-status-operations.js";
import type { Order } from "./orders-context.js";
import type { ordersEvents } from "./orders-events.js";

/**
 * Orders as checkout writes them (numbered, with their lines) and as a payment confirms them, then as
 * staff run them: listing, status moves, notes, fulfillments, refunds (with their cap, undo and payout)
 * and invoices.
 */
export function createOrdersService({
  database,
  events,
  hooks,
  services,
  config,
  logger,
}: Pick<ServiceContext, "database" | "events" | "hooks" | "services" | "config" | "logger">) {
  return {
    ...createOrderOperations({ database, events, hooks, services }),
    ...createOrderStatusOperations({ database, events, services }),
    ...createCustomerOrderReads({ database }),
    ...createOrderNotes({ database }),
    ...createOrderInvoices({ database, services, config, logger }),
    ...createOrderFulfillments({ database, events }),
    ...createOrderRefunds({ database, events, hooks, services }),
    ...createRefundPayout({ database, services }),
    ...createOrderShipmentTimeline(),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { Order, OrderLine, OrderStatus } from "./orders-context.js";
export type { CreateOrderInput, CreateOrderLineInput } from "./order-operations.js";
export type { InvoiceDocument, Seller, TaxLine } from "./invoice-document.js";
export type { Fulfillment, CreateFulfillmentBody } from "./order-fulfillments.js";
export type { Refund, CreateRefundBody } from "./order-refunds.js";
export type { RefundCapStatus } from "./order-refund-cap.js";
export type { EmailInvoiceInput } from "./order-invoices.js";

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.orders` too.
declare module "../../kernel/services.js" {
  interface Services {
    orders: OrdersService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof ordersEvents> {}
  interface DomainEvents extends EventPayloadsOf<typeof fulfillmentEvents> {
    /** A refund was recorded (audit only, not a webhook event). */
    "orders.refund": z.output<typeof refundEventPayload>;
    /** A refund was undone within its window (audit only, not a webhook event). */
    "orders.refundUndo": z.output<typeof refundEventPayload>;
  }
}

// The payout of a refund, enqueued by the refund to run once its undo window has passed.
declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "orders/pay-refund": { refundId: string };
  }
}

// The orders' hook point, run by `create` once the transaction that created the order committed.
declare module "../../kernel/hook-runner.js" {
  interface HookPayloads {
    /** After an order's creation committed: the order as created. A throw is reported in `meta.hookErrors`, never undoing the order. */
    "orders.afterCreate": Order;
  }
}
