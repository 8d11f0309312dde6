import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Third-party packages a scaffolded store depends on directly; their ranges come from the workspace catalog. */
export const STORE_THIRD_PARTY = ["@types/node", "tsx", "typescript", "vitest", "zod"];

/**
 * `{ packages, thirdParty }`: the workspace's publishable `@unified-commerce/*` versions and the catalog
 * ranges (pnpm-workspace.yaml) of `STORE_THIRD_PARTY`. Shared by the build and by create-store run from
 * the workspace sources, so both scaffold the same thing.
 */
export function workspaceVersions(root = fileURLToPath(new URL("../../../", import.meta.url))) {
  const packages = {};
  const packagesDir = join(root, "packages");
  for (const folder of readdirSync(packagesDir).sort()) {
    const path = join(packagesDir, folder, "package.json");
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, "utf8"));
    if (manifest.private || !manifest.name?.startsWith("@unified-commerce/") || !manifest.version) continue;
    packages[manifest.name] = manifest.version;
  }
  const catalog = {};
  let isInCatalog = false;
  for (const line of readFileSync(join(root, "pnpm-workspace.yaml"), "utf8").split("\n")) {
    if (/^\S/.test(line)) isInCatalog = line.trim() === "catalog:";
    const entry = isInCatalog ? /^\s+"?([^":]+)"?:\s*(\S+)\s*$/.exec(line) : null;
    if (entry?.[1] && entry[2]) catalog[entry[1]] = entry[2];
  }
  const thirdParty = {};
  for (const name of STORE_THIRD_PARTY) {
    if (!catalog[name]) throw new Error(`pnpm-workspace.yaml's catalog has no ${name}`);
    thirdParty[name] = catalog[name];
  }
  return { packages, thirdParty };
}
