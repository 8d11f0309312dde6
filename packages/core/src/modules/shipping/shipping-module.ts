import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { createShippingOptionRoute } from "./routes/create-shipping-option.js";
import { createShippingProfileRoute } from "./routes/create-shipping-profile.js";
import { createShippingZoneRoute } from "./routes/create-shipping-zone.js";
import { deleteShippingOptionRoute } from "./routes/delete-shipping-option.js";
import { deleteShippingProfileRoute } from "./routes/delete-shipping-profile.js";
import { deleteShippingZoneRoute } from "./routes/delete-shipping-zone.js";
import { getShippingOptionRoute } from "./routes/get-shipping-option.js";
import { getShippingZoneRoute } from "./routes/get-shipping-zone.js";
import { listShippingAttributesRoute } from "./routes/list-shipping-attributes.js";
import { listShippingOptionsRoute } from "./routes/list-shipping-options.js";
import { listShippingProfilesRoute } from "./routes/list-shipping-profiles.js";
import { listShippingZonesRoute } from "./routes/list-shipping-zones.js";
import { setShippingAttributesRoute } from "./routes/set-shipping-attributes.js";
import { updateShippingOptionRoute } from "./routes/update-shipping-option.js";
import { updateShippingProfileRoute } from "./routes/update-shipping-profile.js";
import { updateShippingZoneRoute } from "./routes/update-shipping-zone.js";
import { shippingMigrations } from "./shipping-migrations.js";
import { createShippingService } from "./shipping-service.js";

const ROUTES = [
  listShippingProfilesRoute,
  createShippingProfileRoute,
  updateShippingProfileRoute,
  deleteShippingProfileRoute,
  listShippingZonesRoute,
  createShippingZoneRoute,
  getShippingZoneRoute,
  updateShippingZoneRoute,
  deleteShippingZoneRoute,
  listShippingOptionsRoute,
  createShippingOptionRoute,
  getShippingOptionRoute,
  updateShippingOptionRoute,
  deleteShippingOptionRoute,
  listShippingAttributesRoute,
  setShippingAttributesRoute,
];

/** Shipping profiles, zones and options, physical attributes of what is sold, and the quote carts and checkout use. */
export const shippingModule: PluginManifest = {
  id: "shipping",
  version: CORE_VERSION,
  dependencies: ["catalog", "inventory", "tax"],
  permissions: [
    { scope: "shipping:read", description: "Read shipping profiles, zones, options and physical attributes" },
    { scope: "shipping:manage", description: "Manage shipping profiles, zones, options and physical attributes" },
  ],
  schema: { migrations: shippingMigrations },
  services: (context) => ({ shipping: createShippingService(context) }),
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) =>
        services.shipping.removeEntityAttributes(event.organizationId, event.entityId, { trx }),
    },
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
