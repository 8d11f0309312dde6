import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a plugin package says of its commands in its package.json, read without loading it. */
interface PackageCommands {
  /** The command groups (first words) its manifest declares: `["channel"]`. */
  commands?: unknown;
  /** How a configuration installs it: `channelConnector()`. */
  plugin?: unknown;
}

interface PackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  unifiedCommerce?: PackageCommands;
}

function readPackage(path: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as PackageJson;
  } catch {
    return undefined;
  }
}

/** The nearest `name/package.json` in a `node_modules` folder at or above `from`, as Node resolves packages. */
function installedPackage(from: string, name: string): PackageJson | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, "node_modules", name, "package.json");
    if (existsSync(path)) return readPackage(path);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Why `uc <group> ...` is unknown when an installed package offers it: the plugin is a dependency of the
 * project the configuration sits in (its nearest package.json) but not in the configuration's plugins.
 * The CLI names no plugin itself; a plugin package says which command groups it brings and how it is
 * configured in its package.json (`"unifiedCommerce": { "commands": ["channel"], "plugin": "channelConnector()" }`).
 */
export function installedCommandHint(configPath: string, group: string): string | undefined {
  let dir = dirname(configPath);
  while (!existsSync(join(dir, "package.json"))) {
    if (dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
  const project = readPackage(join(dir, "package.json"));
  if (!project) return undefined;
  const names = Object.keys({ ...project.dependencies, ...project.devDependencies, ...project.optionalDependencies });
  for (const name of names) {
    const offered = installedPackage(dir, name)?.unifiedCommerce;
    if (!Array.isArray(offered?.commands) || !offered.commands.includes(group)) continue;
    const install = typeof offered.plugin === "string" ? offered.plugin : `the plugin of ${name}`;
    return `The "uc ${group}" commands come from ${name}, which the configuration does not install: add ${install} from ${name} to its plugins`;
  }
  return undefined;
}
