import type { PluginManifest } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { CART_PRUNE_LIMIT } from "./cart-checkout-operations.js";
import { cartsEvents } from "./carts-events.js";
import { cartsMigrations } from "./carts-migrations.js";
import { createCartsService } from "./carts-service.js";
import { cartsSettings } from "./carts-settings.js";
import { addCartItemRoute } from "./routes/add-cart-item.js";
import { createCartRoute } from "./routes/create-cart.js";
import { getCartRoute } from "./routes/get-cart.js";
import { getCartShippingOptionsRoute } from "./routes/get-cart-shipping-options.js";
import { removeCartItemRoute } from "./routes/remove-cart-item.js";
import { setCartShippingRoute } from "./routes/set-cart-shipping.js";
import { updateCartItemRoute } from "./routes/update-cart-item.js";

const PRUNE_TASK = "carts/prune";

const ROUTES = [
  createCartRoute,
  getCartRoute,
  addCartItemRoute,
  updateCartItemRoute,
  removeCartItemRoute,
  setCartShippingRoute,
  getCartShippingOptionsRoute,
];

/** Carts: lines priced by the server, promotion previews, tax and totals, owned by a session or a cart token. */
export const cartsModule: PluginManifest = {
  id: "carts",
  version: CORE_VERSION,
  dependencies: ["jobs", "catalog", "pricing", "promotions", "tax", "shipping", "settings", "customers"],
  permissions: [
    { scope: "cart:create", description: "Create carts" },
    { scope: "cart:read", description: "Read one's own carts (session or cart token)" },
    { scope: "cart:update", description: "Change one's own carts (session or cart token)" },
    { scope: "cart:manage", description: "Read and change any cart of the organization, whoever owns it" },
  ],
  schema: { migrations: cartsMigrations },
  events: cartsEvents,
  settings: cartsSettings,
  services: (context) => ({ carts: createCartsService(context) }),
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) =>
        services.carts.removeEntityItems(event.organizationId, event.entityId, { trx }),
    },
  ],
  tasks: [
    defineTask({
      slug: PRUNE_TASK,
      every: "1h",
      handler: async (_input, { services }) => ({ pruned: await services.carts.pruneExpired() }),
      // A full batch means a backlog: go on at once, in short statements; otherwise look again hourly.
      hasBacklog: ({ pruned }) => pruned >= CART_PRUNE_LIMIT,
    }),
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
