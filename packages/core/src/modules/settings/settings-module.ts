import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { getAllSettingsRoute } from "./routes/get-all-settings.js";
import { getSettingsGroupRoute } from "./routes/get-settings-group.js";
import { patchSettingsGroupRoute } from "./routes/patch-settings-group.js";
import { settingsMigrations } from "./settings-migrations.js";
import { builtInSettingsGroups } from "./settings-groups.js";
import { createSettingsService } from "./settings-service.js";

const ROUTES = [getAllSettingsRoute, getSettingsGroupRoute, patchSettingsGroupRoute];

/**
 * Per-organization settings groups, merged in SQL. Declares `general`, `branding` and `policies`; any
 * manifest may declare more (`settings`), and undeclared groups take any JSON object.
 */
export const settingsModule: PluginManifest = {
  id: "settings",
  version: CORE_VERSION,
  permissions: [{ scope: "settings:manage", description: "Read and change store settings" }],
  schema: { migrations: settingsMigrations },
  settings: builtInSettingsGroups,
  services: (context) => ({ settings: createSettingsService(context) }),
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
