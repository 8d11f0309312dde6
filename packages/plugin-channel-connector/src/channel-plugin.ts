import { defineTask, definePlugin, type Plugin } from "@unified-commerce/plugin-sdk";
import { createAdapterRegistry } from "./channel-adapter.js";
import { channelCommands } from "./channel-commands.js";
import {
  BACKFILL_TASK,
  PULL_ORDERS_TASK,
  PUSH_ORDER_TASK,
  REAP_EXPORTS_TASK,
  RECONCILE_SWEEP_TASK,
  RECONCILE_TASK,
  SYNC_INVENTORY_TASK,
} from "./channel-declarations.js";
import { channelErrors } from "./channel-errors.js";
import { channelMigrations } from "./channel-migrations.js";
import { channelSettings, type ChannelConnectorOptions } from "./channel-options.js";
import { createChannelService } from "./channel-service.js";
import { onStockChange } from "./inventory-sync.js";
import { onFulfillment } from "./order-shipments.js";
import { restStoreAdapter } from "./rest-store-adapter.js";
import { createConnectionRoute } from "./routes/create-connection.js";
import { deleteConnectionRoute } from "./routes/delete-connection.js";
import { getConnectionRoute } from "./routes/get-connection.js";
import { listConnectionsRoute } from "./routes/list-connections.js";
import { pullOrdersRoute } from "./routes/pull-orders.js";
import { startBackfillRoute } from "./routes/start-backfill.js";
import { startReconcileRoute } from "./routes/start-reconcile.js";
import { receiveOrderRoute } from "./routes/receive-order.js";

export const CHANNEL_CONNECTOR_VERSION = "0.1.0";

/**
 * The channel connector: sell this store's catalog and stock on another channel. Connections hold an
 * adapter id, public settings and sealed credentials; connecting starts nothing. The catalog backfill,
 * stock sync and order pull run as jobs of the kernel's queue, keyed per connection.
 *
 * ```ts
 * export default defineConfig({ plugins: [channelConnector({ adapters: [restStoreAdapter()] })] });
 * ```
 */
export function channelConnector(options: ChannelConnectorOptions = {}): Plugin {
  const settings = channelSettings(options);
  const adapters = createAdapterRegistry(options.adapters ?? [restStoreAdapter()]);
  const retries = {
    attempts: settings.attempts,
    backoff: { type: "exponential" as const, delay: settings.retryDelayMs },
  };
  return definePlugin({
    id: "channel-connector",
    version: CHANNEL_CONNECTOR_VERSION,
    dependencies: ["catalog", "inventory", "pricing", "carts", "checkout", "orders", "jobs"],
    permissions: [
      {
        scope: "channels:manage",
        description: "Connect sales channels, read and delete connections, start catalog backfills and order pulls",
      },
    ],
    schema: { migrations: channelMigrations },
    errors: channelErrors,
    services: ({ database, services, logger, secrets }) => ({
      channels: createChannelService({ database, services, logger, secrets, adapters, settings }),
    }),
    subscribers: [
      {
        event: "inventory.afterAdjust",
        handler: (event, { trx, services }) => onStockChange({ services, settings }, event, trx),
      },
      {
        event: "fulfillment.create",
        handler: (event, { trx, services }) => onFulfillment({ services, settings }, event, trx),
      },
    ],
    tasks: [
      defineTask({
        slug: BACKFILL_TASK,
        retries,
        concurrency: { key: ({ connectionId }) => `backfill:${connectionId}`, supersedes: true },
        handler: ({ connectionId }, { services, job }) =>
          services.channels.runBackfillPage(job.organizationId, connectionId),
      }),
      defineTask({
        slug: SYNC_INVENTORY_TASK,
        retries,
        concurrency: {
          key: ({ connectionId, entityId, variantId }) => `stock:${connectionId}:${entityId}:${variantId ?? "-"}`,
          supersedes: true,
        },
        handler: ({ connectionId, entityId }, { services, job }) =>
          services.channels.runInventorySync(job.organizationId, { connectionId, entityId }),
      }),
      defineTask({
        slug: PULL_ORDERS_TASK,
        retries,
        concurrency: { key: ({ connectionId }) => `orders:${connectionId}`, supersedes: true },
        handler: ({ connectionId }, { services, job }) =>
          services.channels.runOrderPull(job.organizationId, connectionId),
      }),
      defineTask({
        slug: PUSH_ORDER_TASK,
        retries,
        concurrency: { key: ({ connectionId, orderId }) => `order:${connectionId}:${orderId}`, supersedes: true },
        handler: ({ connectionId, orderId }, { services, job }) =>
          services.channels.runOrderPush(job.organizationId, { connectionId, orderId }),
      }),
      defineTask({
        slug: RECONCILE_TASK,
        retries,
        concurrency: { key: ({ connectionId }) => `reconcile:${connectionId}`, supersedes: true },
        handler: ({ connectionId }, { services, job }) =>
          services.channels.runReconcilePage(job.organizationId, connectionId),
      }),
      // Every connection of every organization. The sweeps are scheduled, not run, at boot: the first
      // reconcile comes an interval after start.
      defineTask({
        slug: RECONCILE_SWEEP_TASK,
        every: settings.reconcileIntervalMs,
        firstRun: "interval",
        handler: async (_input, { services }) => ({ started: await services.channels.sweepReconciles() }),
      }),
      defineTask({
        slug: REAP_EXPORTS_TASK,
        every: settings.reapIntervalMs,
        firstRun: "interval",
        handler: (_input, { services }) => services.channels.reapExports(),
      }),
    ],
    routes: (routeContext) => [
      ...createConnectionRoute(routeContext),
      ...listConnectionsRoute(routeContext),
      ...getConnectionRoute(routeContext),
      ...deleteConnectionRoute(routeContext),
      ...startBackfillRoute(routeContext),
      ...pullOrdersRoute(routeContext),
      ...startReconcileRoute(routeContext),
      ...receiveOrderRoute(routeContext),
    ],
    // `uc channel connect|list|backfill|status`: the CLI offers them once this plugin is configured.
    commands: channelCommands,
  });
}
