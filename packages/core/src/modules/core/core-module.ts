import type { PluginManifest } from "../../kernel/plugin.js";
import { coreMigrations } from "../../db/core-migrations.js";
import { CORE_VERSION } from "../../kernel/version.js";

/** The kernel's own module: organizations and the domain-event outbox. */
export const coreModule: PluginManifest = {
  id: "core",
  version: CORE_VERSION,
  schema: { migrations: coreMigrations },
};
