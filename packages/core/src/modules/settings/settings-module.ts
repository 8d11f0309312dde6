import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { getAllSettingsRoute } from "./routes/get-all-settings.js";
import { getSettingsGroupRoute } from "./routes/get-settings-group.js";
import { patchSettingsGroupRoute } from "./routes/patch-settings-group.js";
import { settingsMigrations } from "./settings-migrations.js";
import { createSettingsService } from "./settings-service.js";

const ROUTES = [getAllSettingsRoute, getSettingsGroupRoute, patchSettingsGroupRoute];

/** Per-organization settings groups (general, branding, policies, and any other), merged in SQL. */
export const settingsModule: PluginManifest = {
  id: "settings",
  version: CORE_VERSION,
  permissions: [{ scope: "settings:manage", description: "Read and change store settings" }],
  schema: { migrations: settingsMigrations },
  services: (context) => ({ settings: createSettingsService(context) }),
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
