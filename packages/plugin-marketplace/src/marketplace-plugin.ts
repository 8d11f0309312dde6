import { defineHook, definePlugin, defineTask, type Plugin } from "@unified-commerce/plugin-sdk";
import { marketplaceEvents, PAY_PAYOUT_TASK } from "./marketplace-declarations.js";
import { marketplaceAnalyticsModels } from "./marketplace-analytics.js";
import { marketplaceMigrations } from "./marketplace-migrations.js";
import { orderFlowSubscribers } from "./order-flow.js";
import { marketplaceSettings, type MarketplaceOptions } from "./marketplace-options.js";
import { createMarketplaceService } from "./marketplace-service.js";
import { assertVendorsSell } from "./sub-order-split.js";
import { VENDOR_KEY_SCOPE } from "./vendor-keys.js";
import { marketplaceRoutes } from "./routes/marketplace-routes.js";

export const MARKETPLACE_VERSION = "0.1.0";

/** The plugin's permissions; roles grant them in `auth.roles`. */
export const marketplacePermissions = [
  { scope: "marketplace:read", description: "Read vendors, sub-orders, balances, payouts, disputes and returns" },
  {
    scope: "marketplace:manage",
    description: [
      "Create and change vendors, review documents, assign entities, move sub-orders, handle disputes, returns and",
      "reviews",
    ].join(" "),
  },
  {
    scope: "marketplace:admin",
    description: [
      "Approve, suspend and reinstate vendors; commission rules; payouts; resolve disputes; mint vendor keys for any",
      "member",
    ].join(" "),
  },
  {
    scope: "marketplace:vendor",
    description: "Vendor self-service under /api/marketplace/vendor/me, for the caller's own vendor",
  },
] as const;

/**
 * The marketplace plugin: vendors selling catalog entities, checkout split into one sub-order per vendor
 * with commission, a balance ledger per vendor, payouts, disputes, returns and reviews. Written against
 * `@unified-commerce/plugin-sdk` only; list it after the core modules (every plugin is).
 */
export function marketplace(options: MarketplaceOptions = {}): Plugin {
  const settings = marketplaceSettings(options);
  return definePlugin({
    id: "marketplace",
    version: MARKETPLACE_VERSION,
    dependencies: ["catalog", "carts", "checkout", "orders", "jobs"],
    permissions: marketplacePermissions,
    schema: { migrations: marketplaceMigrations },
    events: marketplaceEvents,
    analyticsModels: marketplaceAnalyticsModels,
    apiKeyScopes: {
      [VENDOR_KEY_SCOPE]: {
        prefix: "uc_vendor_",
        description:
          "A vendor's own integration: its profile, sub-orders, payouts, balance and reviews (bound to one vendor)",
        permissions: { marketplace: ["vendor"] },
        // However a vendor-scope key is minted (here, `uc api-key create`, the auth routes), it expires.
        keyExpiration: { maxExpiresIn: settings.vendorKeyMaxDays },
      },
    },
    services: ({ database, events, services }) => ({
      marketplace: createMarketplaceService({ database, events, services, settings }),
    }),
    hooks: [
      // Refused before anything is written: a cart holding an item of a vendor that may not sell now.
      defineHook("checkout.beforeCreate", async ({ order }, { trx, organizationId }) => {
        await assertVendorsSell(
          trx,
          organizationId,
          order.lines.map((line) => line.entityId),
        );
      }),
    ],
    // The split, settlement and refunds run inside orders' own transactions (see order-flow.ts).
    subscribers: orderFlowSubscribers,
    tasks: [
      // Pays one payout; safe to run twice (only a pending payout is claimed), so the queue may retry it.
      defineTask({
        slug: PAY_PAYOUT_TASK,
        handler: ({ payoutId }, { services, job }) => services.marketplace.payouts.pay(job.organizationId, payoutId),
      }),
    ],
    routes: marketplaceRoutes,
  });
}
