import type { Transaction } from "kysely";
import {
  definePlugin,
  defineTask,
  type CoreTables,
  type DomainEvent,
  type Plugin,
  type Services,
} from "@unified-commerce/plugin-sdk";
import { ACP_PERMISSION, ORDER_EVENT_TASK } from "./acp-declarations.js";
import { acpErrorCodes } from "./acp-errors.js";
import { routePrefixOf, type AgenticCheckoutOptions } from "./acp-options.js";
import { cancelSessionRoute } from "./routes/cancel-session.js";
import { completeSessionRoute } from "./routes/complete-session.js";
import { createSessionRoute } from "./routes/create-session.js";
import { getSessionRoute } from "./routes/get-session.js";
import { updateSessionRoute } from "./routes/update-session.js";
import { sessionMigrations } from "./session-migrations.js";
import { createAgenticCheckoutService } from "./session-service.js";
import { shippingSettings } from "./flat-rates.js";

export const AGENTIC_CHECKOUT_VERSION = "0.1.0";

/**
 * The merchant side of the Agentic Checkout API (Agentic Commerce Protocol): checkout sessions over
 * carts at `/api/acp/checkout_sessions`, completed through the store's checkout, with the order's
 * lifecycle posted, signed, to the agent platform's webhook through the job queue.
 *
 * ```ts
 * export default defineConfig({
 *   plugins: [auth(), agenticCheckout({ webhook: { url: process.env.ACP_WEBHOOK_URL, secret: process.env.ACP_WEBHOOK_SECRET } })],
 * });
 * ```
 */
export function agenticCheckout(options: AgenticCheckoutOptions = {}): Plugin {
  const prefix = routePrefixOf(options.prefix);
  const orderUrl = options.orderUrl ?? ((order) => `https://example.invalid/orders/${order.number}`);
  const webhook = options.webhook ?? null;
  const retries = {
    attempts: options.webhookAttempts ?? 8,
    backoff: { type: "exponential" as const, delay: options.webhookRetryDelayMs ?? 10_000 },
  };
  /** Enqueues the event's delivery in the order's transaction when the order came from a session. */
  const onOrderEvent = async (
    services: Services,
    event: DomainEvent,
    trx: Transaction<CoreTables>,
    order: { id: unknown; cartId?: unknown },
    type: "order_create" | "order_update",
  ) => {
    if (typeof order.id !== "string") return;
    const cartId = typeof order.cartId === "string" ? order.cartId : undefined;
    if (
      !(await services.agenticCheckout.sessionOfOrder(
        event.organizationId,
        { id: order.id, ...(cartId ? { cartId } : {}) },
        { trx },
      ))
    )
      return;
    await services.jobs.enqueue(
      ORDER_EVENT_TASK,
      { orderId: order.id, type },
      { organizationId: event.organizationId, trx },
    );
  };
  return definePlugin({
    id: "agentic-checkout",
    version: AGENTIC_CHECKOUT_VERSION,
    dependencies: ["carts", "checkout", "orders", "payments", "inventory", "media", "settings", "jobs", "shipping"],
    permissions: [
      {
        scope: ACP_PERMISSION,
        description: "Drive Agentic Checkout sessions (create, update, complete, cancel) as an agent platform",
      },
    ],
    apiKeyScopes: {
      agent: {
        prefix: "uc_agent_",
        description: "For an AI agent platform: the Agentic Checkout API (checkout sessions)",
        permissions: { acp: ["checkout"] },
      },
    },
    errors: acpErrorCodes,
    settings: shippingSettings,
    schema: { migrations: sessionMigrations },
    services: ({ database, services, secrets }) => ({
      agenticCheckout: createAgenticCheckoutService({ database, services, secrets, orderUrl, webhook }),
    }),
    // Each order event is a job written in the order's own transaction (never lost, never sent for a
    // rolled-back order) and delivered after commit; the job reads the order as it stands then.
    subscribers: webhook
      ? [
          {
            event: "orders.create",
            handler: (event, { trx, services }) => {
              const order = event.payload.order;
              return typeof order === "object" && order !== null
                ? onOrderEvent(services, event, trx, order as { id: unknown; cartId?: unknown }, "order_create")
                : Promise.resolve();
            },
          },
          // A status move, a shipment, a refund or its undo: the platform gets the whole order again.
          ...(["orders.statusChange", "fulfillment.create", "orders.refund", "orders.refundUndo"] as const).map(
            (name) => ({
              event: name,
              handler: (event: DomainEvent, { trx, services }: { trx: Transaction<CoreTables>; services: Services }) =>
                onOrderEvent(services, event, trx, { id: event.payload.orderId }, "order_update"),
            }),
          ),
        ]
      : [],
    tasks: [
      defineTask({
        slug: ORDER_EVENT_TASK,
        retries,
        handler: ({ orderId, type }, { services, job }) =>
          services.agenticCheckout.deliverOrderEvent(job.organizationId, { orderId, type }),
      }),
    ],
    routes: (routeContext) => [
      ...createSessionRoute(routeContext, prefix),
      ...getSessionRoute(routeContext, prefix),
      ...updateSessionRoute(routeContext, prefix),
      ...completeSessionRoute(routeContext, prefix),
      ...cancelSessionRoute(routeContext, prefix),
    ],
  });
}
