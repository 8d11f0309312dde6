import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// TypeScript merges an augmentation into the module it names: a plugin that declared `Services` through
// core and another through plugin-sdk would each see only part of the registries. Every package that is
// built as a plugin (the plugins, the example, auth and the adapters) therefore names plugin-sdk.
const root = fileURLToPath(new URL("../../../", import.meta.url));
const PLUGIN_FOLDERS = ["packages", "examples"].flatMap((group) =>
  readdirSync(join(root, group))
    .filter((name) => /^plugin-(?!sdk$)/.test(name) || ["auth", "media-s3", "mail-smtp"].includes(name))
    .map((name) => join(root, group, name, "src")),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the one augmentation target", () => {
  it("first-party plugins and adapters augment only @unified-commerce/plugin-sdk", () => {
    const targets = PLUGIN_FOLDERS.flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/declare module\s+["'](@unified-commerce\/[^"']+)["']/g)].map(
          (match) => `${relative(root, file)}: ${match[1]}`,
        ),
      ),
    );
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((target) => !target.endsWith(": @unified-commerce/plugin-sdk"))).toEqual([]);
  });
});
