import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { ordersEvents } from "./orders-events.js";
import { ordersMigrations } from "./orders-migrations.js";
import { createOrdersService } from "./orders-service.js";
import { getOrderRoute } from "./routes/get-order.js";

/** Orders: the tables checkout writes (orders, their lines, per-year number counters) and reading one order. */
export const ordersModule: PluginManifest = {
  id: "orders",
  version: CORE_VERSION,
  dependencies: ["settings"],
  permissions: [{ scope: "orders:read", description: "Read orders" }],
  schema: { migrations: ordersMigrations },
  events: ordersEvents,
  services: (context) => ({ orders: createOrdersService(context) }),
  routes: (context) => getOrderRoute(context),
};
