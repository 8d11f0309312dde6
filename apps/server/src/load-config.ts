import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { CommerceConfig } from "@unified-commerce/core";

/** Loads the default export of `commerce.config.ts` (or the file named by `COMMERCE_CONFIG`). */
export async function loadConfig(path = process.env.COMMERCE_CONFIG ?? "commerce.config.ts"): Promise<CommerceConfig> {
  const module = (await import(pathToFileURL(resolve(path)).href)) as { default?: CommerceConfig };
  if (!module.default) throw new Error(`${path} must export its configuration as the default export`);
  return module.default;
}
