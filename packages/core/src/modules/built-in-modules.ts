import type { PluginManifest } from "../kernel/plugin.js";
import { coreModule } from "./core/index.js";
import { auditModule } from "./audit/index.js";
import { catalogModule } from "./catalog/index.js";
import { catalogImportModule } from "./catalog-import/index.js";
import { inventoryModule } from "./inventory/index.js";
import { mediaModule } from "./media/index.js";
import { searchModule } from "./search/index.js";
import { pricingModule } from "./pricing/index.js";
import { promotionsModule } from "./promotions/index.js";
import { taxModule } from "./tax/index.js";
import { shippingModule } from "./shipping/index.js";
import { cartsModule } from "./carts/index.js";
import { ordersModule } from "./orders/index.js";
import { paymentsModule } from "./payments/index.js";
import { checkoutModule } from "./checkout/index.js";
import { meModule } from "./me/index.js";
import { analyticsModule } from "./analytics/index.js";
import { settingsModule } from "./settings/index.js";
import { customersModule } from "./customers/index.js";
import { jobsModule } from "./jobs/index.js";
import { webhooksModule } from "./webhooks/index.js";

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
  shippingModule,
  cartsModule,
  ordersModule,
  paymentsModule,
  checkoutModule,
  meModule,
  analyticsModule,
];
