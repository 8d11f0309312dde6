#!/usr/bin/env node
/**
 * Enforces the arrows of ARCHITECTURE.md that must never exist. Reads every TypeScript source file of
 * the workspace and fails with one line per forbidden import:
 * - jobs imports nothing of ours; content-api nothing commerce; mcp-server only content-api (and core types);
 * - core never imports auth, a plugin or an app;
 * - a plugin (packages/plugin-*, examples/plugin-*) imports only plugin-sdk of ours;
 * - packages never import apps; no package reaches into another package's src/;
 * - the CLI imports no plugin (outside its tests): plugins add their commands through their manifests;
 * - core's kernel (and the database and HTTP layers under it) imports no module: modules extend it by
 *   declaration (`Services`, `CommerceConfig`) and the composition root (`src/create-kernel.ts`) lists them.
 *   Tests are exempt: like the composition root, they may put the kernel and modules together.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const OURS = "@unified-commerce/";

/** Which of our packages a workspace folder may import (null: any). */
function allowedImports(folder) {
  if (folder === "packages/jobs") return [];
  if (folder === "packages/content-api") return [];
  if (folder === "packages/mcp-server") return ["content-api", "core"];
  if (folder === "packages/core") return ["jobs"];
  // An adapter package: core's types (MediaStorage), nothing else of ours.
  if (folder === "packages/media-s3") return ["core"];
  // The same for mail: core's types (Mailer), which the auth plugin's mailer also accepts.
  if (folder === "packages/mail-smtp") return ["core"];
  // Itself too: its dist-types test type-checks code written as a plugin author writes it. Auth for its
  // testing entry only (`createPluginTestAppWithAuth`: plugin tests with real members and API keys).
  if (folder === "packages/plugin-sdk") return ["core", "plugin-sdk", "auth"];
  if (/^(packages|examples)\/plugin-(?!sdk)/.test(folder)) return ["plugin-sdk"];
  return null;
}

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mts|tsx)$/.test(name)) files.push(path);
  }
  return files;
}

/** Folders of core that must not import `packages/core/src/modules/**`. */
const CORE_MODULES = "packages/core/src/modules/";
const KERNEL_LAYERS = ["packages/core/src/kernel/", "packages/core/src/db/", "packages/core/src/http/"];

const problems = [];
for (const group of ["packages", "apps", "examples", "bench"]) {
  let folders;
  try {
    folders = group === "bench" ? ["bench"] : readdirSync(join(root, group)).map((name) => `${group}/${name}`);
  } catch {
    continue;
  }
  for (const folder of folders) {
    const allowed = allowedImports(folder);
    let files;
    try {
      files = sourceFiles(join(root, folder, "src"));
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        const specifier = match[1];
        const where = relative(root, file);
        // Tests may compose the kernel with modules, as the composition root does; the kernel's code may not.
        if (specifier.startsWith(".") && !where.endsWith(".test.ts") && KERNEL_LAYERS.some((layer) => where.startsWith(layer))) {
          const target = relative(root, resolve(dirname(file), specifier));
          if (`${target}/`.startsWith(CORE_MODULES)) problems.push(`${where}: the kernel must not import a module (${specifier})`);
        }
        if (/(^|\/)(apps)\//.test(specifier) || specifier.startsWith("@unified-commerce/server")) {
          if (!folder.startsWith("apps/")) problems.push(`${where}: imports an app (${specifier})`);
        }
        if (/\.\.\/\.\.\/\.\.\/[^"']*\/src\//.test(specifier) || /@unified-commerce\/[^/"']+\/src\//.test(specifier)) {
          problems.push(`${where}: reaches into another package's src (${specifier})`);
        }
        if (!specifier.startsWith(OURS) || allowed === null) continue;
        const target = specifier.slice(OURS.length).split("/")[0];
        if (!allowed.includes(target)) {
          problems.push(`${where}: ${folder} must not import ${specifier}`);
        }
      }
    }
  }
}

// The CLI offers the configured plugins' commands (their manifests' `commands`) and names no plugin; its
// tests and test fixtures may configure one.
for (const file of sourceFiles(join(root, "packages/cli/src"))) {
  const where = relative(root, file);
  if (where.endsWith(".test.ts") || where.includes("/test-fixtures/")) continue;
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](@unified-commerce\/plugin-(?!sdk)[^"']*)["']/g)) {
    problems.push(`${where}: the CLI must not import a plugin (${match[1]}); a plugin adds commands through its manifest`);
  }
}

if (problems.length > 0) {
  console.error(`Forbidden imports (see ARCHITECTURE.md, "Arrows that must never exist"):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("boundaries: ok");
