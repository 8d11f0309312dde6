import type { ReleaseVersions } from "../release-versions.js";
import type { StoreTemplate } from "../store-templates.js";

/** The store's package.json: the released `@unified-commerce/*` packages, tsx to run TypeScript, vitest. */
export function packageJson(input: { name: string; template: StoreTemplate; versions: ReleaseVersions }): string {
  const { packages, thirdParty } = input.versions;
  const ours = (name: string): [string, string] => {
    const version = packages[name];
    if (!version) throw new Error(`${name} is not part of this release`);
    return [name, `^${version}`];
  };
  const third = (name: string): [string, string] => {
    const range = thirdParty[name];
    if (!range) throw new Error(`No version recorded for ${name}`);
    return [name, range];
  };
  const dependencies = Object.fromEntries(
    [
      ours("@unified-commerce/auth"),
      ours("@unified-commerce/cli"),
      ours("@unified-commerce/core"),
      ours("@unified-commerce/mail-smtp"),
      ours("@unified-commerce/plugin-sdk"),
      ...(input.template.pluginPackage ? [ours(input.template.pluginPackage)] : []),
      third("tsx"),
      third("zod"),
    ].sort(([a], [b]) => a.localeCompare(b)),
  );
  const manifest = {
    name: input.name,
    version: "0.1.0",
    private: true,
    type: "module",
    engines: { node: "^20.19.0 || >=22.12.0" },
    scripts: {
      dev: "tsx watch src/server.ts",
      start: "tsx src/server.ts",
      test: "vitest run",
      typecheck: "tsc --noEmit",
      uc: "uc",
      seed: "uc seed",
    },
    dependencies,
    devDependencies: Object.fromEntries([third("@types/node"), third("typescript"), third("vitest")]),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
