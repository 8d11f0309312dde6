import type { CommerceConfig } from "./kernel/config.js";
import type { PluginManifest } from "./kernel/plugin.js";
import { resolveConfig } from "./kernel/resolve-config.js";
import { builtInModules } from "./modules/built-in-modules.js";

/**
 * The modules a kernel booted from `config` would run, in boot order (built-in modules, then the
 * plugins'), without opening the database: what tools such as `uc migrate --dry-run` need to list the
 * migration sequences before anything is applied.
 */
export function resolveModules(config: CommerceConfig): readonly PluginManifest[] {
  return resolveConfig(config, builtInModules).modules ?? [];
}
