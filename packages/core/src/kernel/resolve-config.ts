import type { CommerceConfig } from "./config.js";
import type { PluginManifest } from "./plugin.js";
import { isPermissionString } from "./permissions.js";

/**
 * Applies the plugins in order to a configuration that already lists the built-in modules, then checks
 * what only the full list can tell: unique ids, dependencies met by an earlier module, valid permissions.
 */
export function resolveConfig(config: CommerceConfig, builtIn: readonly PluginManifest[]): CommerceConfig {
  assertNoRemovedKeys(config);
  let resolved: CommerceConfig = { ...config, modules: [...builtIn, ...(config.modules ?? [])] };
  for (const plugin of config.plugins ?? []) {
    resolved = plugin(resolved);
  }
  validateModules(resolved.modules ?? []);
  return resolved;
}

function assertNoRemovedKeys(config: CommerceConfig): void {
  for (const key of ["enableDevKey", "devKey"] as const) {
    if (config.auth && key in config.auth && config.auth[key] !== undefined) {
      throw new Error(
        `auth.${key} was removed: development keys bypassed authentication. Mint a scoped API key with \`uc api-key create --scope <scope>\` instead.`,
      );
    }
  }
}

function validateModules(modules: readonly PluginManifest[]): void {
  const seen = new Set<string>();
  for (const module of modules) {
    if (!module.id || !module.version) throw new Error("A plugin manifest needs an `id` and a `version`");
    if (seen.has(module.id)) throw new Error(`Plugin id "${module.id}" is registered twice`);
    for (const dependency of module.dependencies ?? []) {
      if (!seen.has(dependency)) {
        const isLater = modules.some((other) => other.id === dependency);
        throw new Error(
          isLater
            ? `Plugin "${module.id}" depends on "${dependency}", which must be listed before it in config.plugins`
            : `Plugin "${module.id}" depends on "${dependency}", which is not installed`,
        );
      }
    }
    for (const { scope } of module.permissions ?? []) {
      if (!isPermissionString(scope))
        throw new Error(`Plugin "${module.id}" declares an invalid permission "${scope}"`);
    }
    seen.add(module.id);
  }
}
