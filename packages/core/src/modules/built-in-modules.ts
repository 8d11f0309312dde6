import type { PluginManifest } from "../kernel/plugin.js";
import { coreModule } from "./core/core-module.js";
import { auditModule } from "./audit/audit-module.js";
import { catalogModule } from "./catalog/catalog-module.js";
import { catalogImportModule } from "./catalog-import/catalog-import-module.js";
import { inventoryModule } from "./inventory/inventory-module.js";
import { mediaModule } from "./media/media-module.js";
import { searchModule } from "./search/search-module.js";
import { pricingModule } from "./pricing/pricing-module.js";
import { promotionsModule } from "./promotions/promotions-module.js";
import { taxModule } from "./tax/tax-module.js";
import { cartsModule } from "./carts/carts-module.js";
import { ordersModule } from "./orders/orders-module.js";
import { paymentsModule } from "./payments/payments-module.js";
import { checkoutModule } from "./checkout/checkout-module.js";
import { meModule } from "./me/me-module.js";
import { analyticsModule } from "./analytics/analytics-module.js";
import { settingsModule } from "./settings/settings-module.js";
import { customersModule } from "./customers/customers-module.js";
import { jobsModule } from "./jobs/jobs-module.js";
import { webhooksModule } from "./webhooks/webhooks-module.js";

/** Modules every kernel starts with, before the configured plugins are applied. */
export const builtInModules: readonly PluginManifest[] = [
  coreModule,
  auditModule,
  jobsModule,
  webhooksModule,
  settingsModule,
  customersModule,
  catalogModule,
  inventoryModule,
  mediaModule,
  searchModule,
  pricingModule,
  catalogImportModule,
  promotionsModule,
  taxModule,
  cartsModule,
  ordersModule,
  paymentsModule,
  checkoutModule,
  meModule,
  analyticsModule,
];
