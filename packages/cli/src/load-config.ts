import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import type { CommerceConfig } from "@unified-commerce/core";
import { CliError } from "./cli-error.js";

/** The directory the user ran `uc` in (`pnpm uc` runs the script inside packages/cli). */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

/**
 * Finds the configuration: `--config`, then `COMMERCE_CONFIG`, then `commerce.config.ts` in the
 * invocation directory, then the reference server's (`apps/server/commerce.config.ts`) below it.
 */
export function findConfig(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const base = invocationDir(env);
  const named = explicit ?? env.COMMERCE_CONFIG;
  if (named) {
    const path = resolve(base, named);
    if (!existsSync(path)) throw new CliError(`Configuration file not found: ${path}`);
    return path;
  }
  for (const candidate of ["commerce.config.ts", "apps/server/commerce.config.ts"]) {
    const path = resolve(base, candidate);
    if (existsSync(path)) return path;
  }
  throw new CliError(`No commerce.config.ts in ${base}; pass --config <file>`);
}

/**
 * Loads the configuration's default export. Relative paths in it (the embedded database's `.data`)
 * mean what they mean for the server started next to it, so the working directory moves there first.
 */
export async function loadConfig(path: string): Promise<CommerceConfig> {
  process.chdir(dirname(path));
  await ensureTypeScriptLoader();
  const module = (await import(pathToFileURL(path).href)) as { default?: CommerceConfig };
  if (!module.default) throw new CliError(`${path} must export its configuration as the default export`);
  return module.default;
}

let isLoaderRegistered = false;

/**
 * The configuration is TypeScript. `pnpm uc` in the workspace already runs under tsx; the published
 * `uc` binary runs on plain Node, so it registers tsx's loader once before importing the file. A second
 * registration under tsx would transform every file twice, hence the check.
 */
async function ensureTypeScriptLoader(): Promise<void> {
  if (isLoaderRegistered || process.execArgv.some((arg) => arg.includes("tsx")) || process.env.UC_TS_LOADER === "off")
    return;
  register();
  isLoaderRegistered = true;
}
