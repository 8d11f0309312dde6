import type { PluginManifest } from "../../kernel/plugin.js";
import { coreMigrations } from "../../db/core-migrations.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { pruneIdempotencyKeysTask } from "./prune-idempotency-keys-task.js";

/** The kernel's own module: organizations, the domain-event outbox and the HTTP layer's idempotency keys. */
export const coreModule: PluginManifest = {
  id: "core",
  version: CORE_VERSION,
  schema: { migrations: coreMigrations },
  tasks: [pruneIdempotencyKeysTask],
};
