import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { pricingMigrations } from "./pricing-migrations.js";
import { pricingEvents } from "./pricing-events.js";
import { createPricingService } from "./pricing-service.js";
import { createModifierRoute } from "./routes/create-modifier.js";
import { deleteModifierRoute } from "./routes/delete-modifier.js";
import { getModifierRoute } from "./routes/get-modifier.js";
import { listModifiersRoute } from "./routes/list-modifiers.js";
import { listPricesRoute } from "./routes/list-prices.js";
import { updateModifierRoute } from "./routes/update-modifier.js";
import { upsertPriceRoute } from "./routes/upsert-price.js";

const ROUTES = [
  upsertPriceRoute,
  listPricesRoute,
  createModifierRoute,
  listModifiersRoute,
  getModifierRoute,
  updateModifierRoute,
  deleteModifierRoute,
];

/** Prices per entity, variant, currency and customer group; modifiers; the one price resolution. */
export const pricingModule: PluginManifest = {
  id: "pricing",
  version: CORE_VERSION,
  dependencies: ["catalog"],
  permissions: [
    { scope: "pricing:create", description: "Set prices and create price modifiers" },
    { scope: "pricing:update", description: "Read price records; update and delete price modifiers" },
  ],
  schema: { migrations: pricingMigrations },
  events: pricingEvents,
  services: (context) => ({ pricing: createPricingService(context) }),
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) =>
        services.pricing.removeEntityPricing(event.organizationId, event.entityId, { trx }),
    },
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
