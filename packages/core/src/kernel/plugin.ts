import type { RouteRegistration } from "../http/route-registration.js";
import type { NamedMigration } from "../db/migration.js";
import type { AnalyticsModel } from "./analytics-model.js";
import type { ApiKeyScope } from "./api-key-scope.js";
import type { Authenticator } from "./authenticator.js";
import type { CommerceConfig } from "./config.js";
import type { RouteContext, ServiceContext } from "./contexts.js";
import type { EventDeclarations } from "./domain-events.js";
import type { ErrorTable } from "./error-codes.js";
import type { EventSubscriber } from "./event-bus.js";
import type { HookRegistration } from "./hook-runner.js";
import type { KernelTask } from "./kernel-task.js";
import type { SettingsGroupDeclarations } from "./settings-groups.js";
import type { CommandDeclaration } from "./cli-command.js";

// Modules import these from here; each lives with its owner (the migration type in db/, which imports
// nothing of the kernel).
export type { AnalyticsModel } from "./analytics-model.js";
export type { ApiKeyScope } from "./api-key-scope.js";
export type { NamedMigration } from "../db/migration.js";

/** A permission a module declares, shown in the API-key and role tooling. */
export interface PermissionDeclaration {
  /** `module:action` or `module:action:scope`. */
  scope: string;
  description: string;
}

/**
 * What a core module or a plugin contributes. The kernel treats both the same way: if it is good enough
 * for the kernel's own modules, it is good enough for plugin authors.
 */
export interface PluginManifest {
  /** Unique id; duplicates fail boot. Also names the migration sequence. */
  id: string;
  /** Semantic version of the plugin. */
  version: string;
  /** Ids of plugins (or core modules) that must be applied before this one. */
  dependencies?: readonly string[];
  permissions?: readonly PermissionDeclaration[];
  /** Tables, as an ordered migration sequence applied at boot. */
  schema?: { migrations: readonly NamedMigration[] };
  /** Builds this module's services; the result is merged into the shared container. */
  services?: (context: ServiceContext) => Record<string, unknown>;
  hooks?: readonly HookRegistration[];
  /** Reactions to domain events, run inside the emitting transaction (outbox style). */
  subscribers?: readonly EventSubscriber[];
  routes?: (context: RouteContext) => readonly RouteRegistration[];
  /** Background tasks this module runs through the job queue (`services.jobs.enqueue`). */
  tasks?: readonly KernelTask[];
  /**
   * Background work started once the kernel has booted (the job worker, say). Resolves with the function
   * that stops it; `kernel.close()` calls it before the database closes.
   */
  start?: (context: ServiceContext) => Promise<(() => Promise<void>) | void>;
  /** How requests become actors. At most one module may contribute it (the auth package does). */
  authenticator?: (context: ServiceContext) => Authenticator;
  /**
   * Tables `POST /api/analytics/query` may read, declared as columns, measures and dimensions (no SQL
   * text); checked at boot. A model's name is unique across the kernel.
   */
  analyticsModels?: readonly AnalyticsModel[];
  apiKeyScopes?: Record<string, ApiKeyScope>;
  /**
   * Error codes this module answers with, `UPPER_SNAKE` code to status and default message (build it with
   * `defineErrors`). Merged with the kernel's generic codes; a code declared twice fails boot.
   */
  errors?: ErrorTable;
  /**
   * Domain events this module emits that webhook endpoints may subscribe to (build it with
   * `defineEvents`). An event declared twice fails boot.
   */
  events?: EventDeclarations;
  /**
   * Settings groups this module owns, name to zod object schema (build it with `defineSettingsGroups`):
   * `PATCH /api/settings/:group` validates them. A group declared twice fails boot.
   */
  settings?: SettingsGroupDeclarations;
  /**
   * `uc` commands this module offers (build each with `defineCommand`): the CLI lists and runs the
   * commands of the configured modules, with their `--help` and completion. A name taken twice is refused.
   */
  commands?: readonly CommandDeclaration[];
}

/** A plugin is a function from configuration to configuration, applied in the order listed. */
export type Plugin = (config: CommerceConfig) => CommerceConfig;

/**
 * Turns a manifest into a plugin that appends it to the configuration's module list. Plugins that need
 * to change other configuration (add a role, say) can wrap it: `(config) => definePlugin(m)({...config})`.
 */
export function definePlugin(manifest: PluginManifest): Plugin {
  return (config) => ({ ...config, modules: [...(config.modules ?? []), manifest] });
}

// The configuration's plugin list and module list, declared here rather than in `config.ts` so that the
// configuration imports no plugin type (a manifest receives the configuration through its contexts).
declare module "./config.js" {
  interface CommerceConfig {
    /** Plugins, applied in order. */
    plugins?: readonly Plugin[];
    /** The modules (core and plugins) after plugins were applied. Filled by the kernel. */
    modules?: readonly PluginManifest[];
  }
}
