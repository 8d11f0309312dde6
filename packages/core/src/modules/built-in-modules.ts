import type { PluginManifest } from "../kernel/plugin.js";
import { coreModule } from "./core/core-module.js";
import { auditModule } from "./audit/audit-module.js";
import { catalogModule } from "./catalog/catalog-module.js";
import { inventoryModule } from "./inventory/inventory-module.js";
import { mediaModule } from "./media/media-module.js";
import { searchModule } from "./search/search-module.js";

/** Modules every kernel starts with, before the configured plugins are applied. */
export const builtInModules: readonly PluginManifest[] = [coreModule, auditModule, catalogModule, inventoryModule, mediaModule, searchModule];
