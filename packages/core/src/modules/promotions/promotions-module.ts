import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { promotionsMigrations } from "./promotions-migrations.js";
import { promotionsEvents } from "./promotions-events.js";
import { createPromotionsService } from "./promotions-service.js";
import { createPromotionRoute } from "./routes/create-promotion.js";
import { deactivatePromotionRoute } from "./routes/deactivate-promotion.js";
import { listPromotionsRoute } from "./routes/list-promotions.js";
import { updatePromotionRoute } from "./routes/update-promotion.js";
import { validatePromotionRoute } from "./routes/validate-promotion.js";

// validate before /:id routes, so the literal path is never read as an id.
const ROUTES = [
  createPromotionRoute,
  listPromotionsRoute,
  validatePromotionRoute,
  deactivatePromotionRoute,
  updatePromotionRoute,
];

/** Promotion codes, their conditions and stacking, validation against server prices, guarded redemption. */
export const promotionsModule: PluginManifest = {
  id: "promotions",
  version: CORE_VERSION,
  dependencies: ["catalog", "pricing", "settings", "customers"],
  permissions: [
    { scope: "promotions:read", description: "List active promotions" },
    { scope: "promotions:create", description: "Create promotions" },
    { scope: "promotions:update", description: "Update and deactivate promotions" },
  ],
  schema: { migrations: promotionsMigrations },
  events: promotionsEvents,
  services: (context) => ({ promotions: createPromotionsService(context) }),
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
