import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { createMeService } from "./me-service.js";
import { addMyAddressRoute } from "./routes/add-my-address.js";
import { getMyProfileRoute } from "./routes/get-my-profile.js";
import { getMyOrderRoute } from "./routes/get-my-order.js";
import { getMyOrderTrackingRoute } from "./routes/get-my-order-tracking.js";
import { listMyOrderDownloadsRoute } from "./routes/list-my-order-downloads.js";
import { listMyAddressesRoute } from "./routes/list-my-addresses.js";
import { listMyOrdersRoute } from "./routes/list-my-orders.js";
import { removeMyAddressRoute } from "./routes/remove-my-address.js";
import { reorderRoute } from "./routes/reorder.js";
import { updateMyProfileRoute } from "./routes/update-my-profile.js";

const ROUTES = [
  getMyProfileRoute,
  updateMyProfileRoute,
  listMyAddressesRoute,
  addMyAddressRoute,
  removeMyAddressRoute,
  listMyOrdersRoute,
  getMyOrderRoute,
  getMyOrderTrackingRoute,
  listMyOrderDownloadsRoute,
  reorderRoute,
];

/**
 * Customer self-service (`/api/me`): what a signed-in customer reads and does about themselves. Every
 * route needs a session (`.session()`: 401 for anonymous callers, API keys and system actors) and the
 * scoped permission of what it touches.
 */
export const meModule: PluginManifest = {
  id: "me",
  version: CORE_VERSION,
  dependencies: ["customers", "catalog", "media", "pricing", "carts", "orders", "shipping"],
  // `customers:read:self` and `customers:update:self` are the customers module's.
  permissions: [
    { scope: "orders:read:own", description: "Read one's own orders, their tracking and downloads (/api/me)" },
  ],
  services: (context) => ({ me: createMeService(context) }),
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
