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
 * - a module of core (`src/modules/<name>/`) is reached from outside its folder only through its entry,
 *   `index.ts`; test code (`*.test.ts`, `*-test-helpers.ts`) may also import its `testing.ts` (the module's
 *   test helpers), nothing else may. A module's own files never import its entries, and `src/money/` (like
 *   the kernel layers) imports no module: see `moduleEntryProblems` below.
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
  // Adapters are plugins too: the contract (MediaStorage, Mailer) from plugin-sdk, nothing else of ours.
  if (folder === "packages/media-s3") return ["plugin-sdk"];
  if (folder === "packages/mail-smtp") return ["plugin-sdk"];
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

// ---------------------------------------------------------------------------------------------------------
// Kernel layers (packages/core/src/kernel/README.md). One table names every kernel file's layer; a file
// may import only files of its own layer or a lower one:
//   leaf < contract < runtime < create-kernel
// db/ imports nothing of the kernel, and no import cycle runs through a kernel file (also one passing
// through db/ or http/, as the 12-file circle around `contexts.ts` did). Type imports and module
// augmentations (`declare module "./services.js"`) count: a type-only circle is still a circle a reader
// has to hold in their head.
// ---------------------------------------------------------------------------------------------------------

const KERNEL_DIR = "packages/core/src/kernel/";
const DB_DIR = "packages/core/src/db/";
const HTTP_DIR = "packages/core/src/http/";
const KERNEL_LAYER_ORDER = ["leaf", "contract", "runtime", "create-kernel"];

/** Every non-test file of `packages/core/src/kernel/` and its layer; a new file must be added here. */
const KERNEL_FILE_LAYERS = {
  // The contract's leaves: import no other kernel file, or only other leaves.
  "actor.ts": "leaf",
  "after-commit.ts": "leaf",
  "analytics-model.ts": "leaf",
  "api-key-scope.ts": "leaf",
  "app-error.ts": "leaf",
  "domain-events.ts": "leaf",
  "error-codes.ts": "leaf",
  "logger.ts": "leaf",
  "secret-box.ts": "leaf",
  "services.ts": "leaf",
  "settings-groups.ts": "leaf",
  "task-interval.ts": "leaf",
  "version.ts": "leaf",
  // The contract: what modules and plugins are written against (types and `define*` helpers).
  "authenticator.ts": "contract",
  "config.ts": "contract",
  "cli-command.ts": "contract",
  "error-reasons.ts": "contract",
  "contexts.ts": "contract",
  "database-access.ts": "contract",
  "event-bus.ts": "contract",
  "hook-runner.ts": "contract",
  "kernel-task.ts": "contract",
  "member-credentials.ts": "contract",
  "permissions.ts": "contract",
  "plugin.ts": "contract",
  "registries.ts": "contract",
  "transaction.ts": "contract",
  // The runtimes: the machinery that implements the contract.
  "build-registries.ts": "runtime",
  "create-event-bus.ts": "runtime",
  "create-hook-runner.ts": "runtime",
  "create-secret-box.ts": "runtime",
  "metrics.ts": "runtime",
  "request-log-context.ts": "runtime",
  "resolve-config.ts": "runtime",
  "resolve-secret-key.ts": "runtime",
  "single-copy.ts": "runtime",
  "transaction-runner.ts": "runtime",
  // Boots a kernel from all of the above.
  "create-kernel.ts": "create-kernel",
};

/** Relative imports of a source file, type-only ones and module augmentations included, as repository paths. */
function relativeImports(file) {
  const text = readFileSync(file, "utf8");
  const targets = [];
  for (const match of text.matchAll(/(?:from|import|declare module)\s*\(?\s*["'](\.[^"']*)["']/g)) {
    let target = relative(root, resolve(dirname(file), match[1])).replace(/\.js$/, ".ts");
    if (!/\.(ts|mts|tsx)$/.test(target)) target = `${target}/index.ts`;
    targets.push(target);
  }
  return targets;
}

function kernelLayerProblems() {
  const found = [];
  const isSource = (path) => !path.endsWith(".test.ts");
  const kernelFiles = sourceFiles(join(root, KERNEL_DIR))
    .map((file) => relative(root, file))
    .filter(isSource);
  const dbFiles = sourceFiles(join(root, DB_DIR))
    .map((file) => relative(root, file))
    .filter(isSource);
  const httpFiles = sourceFiles(join(root, HTTP_DIR))
    .map((file) => relative(root, file))
    .filter(isSource);

  for (const file of dbFiles) {
    for (const target of relativeImports(join(root, file))) {
      if (target.startsWith(KERNEL_DIR)) found.push(`${file}: db/ must not import the kernel (${target})`);
    }
  }

  // Import edges among the kernel, db/ and http/, for the cycle search.
  const edges = new Map();
  for (const file of [...dbFiles, ...httpFiles]) edges.set(file, relativeImports(join(root, file)));

  const layerOf = (path) => KERNEL_FILE_LAYERS[path.slice(KERNEL_DIR.length)];
  for (const file of kernelFiles) {
    const layer = layerOf(file);
    if (!layer) {
      found.push(`${file}: not in KERNEL_FILE_LAYERS; give it a layer there and in packages/core/src/kernel/README.md`);
      continue;
    }
    const targets = relativeImports(join(root, file));
    edges.set(file, targets);
    for (const target of targets.filter((path) => path.startsWith(KERNEL_DIR))) {
      const targetLayer = layerOf(target);
      if (targetLayer && KERNEL_LAYER_ORDER.indexOf(targetLayer) > KERNEL_LAYER_ORDER.indexOf(layer)) {
        found.push(`${file}: a ${layer} file must not import a ${targetLayer} file (${target})`);
      }
    }
  }

  // Tarjan's strongly connected components: a component of two or more files (or a file importing itself)
  // is a cycle; it is ours when a kernel file is in it.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const isCycle = component.length > 1 || (edges.get(file) ?? []).includes(file);
    if (isCycle && component.some((path) => path.startsWith(KERNEL_DIR))) {
      found.push(`import cycle through the kernel: ${component.sort().join(", ")}`);
    }
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return found;
}
// ---------------------------------------------------------------------------------------------------------

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
        if (
          specifier.startsWith(".") &&
          !where.endsWith(".test.ts") &&
          KERNEL_LAYERS.some((layer) => where.startsWith(layer))
        ) {
          const target = relative(root, resolve(dirname(file), specifier));
          if (`${target}/`.startsWith(CORE_MODULES))
            problems.push(`${where}: the kernel must not import a module (${specifier})`);
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

problems.push(...kernelLayerProblems());

// ---- Module entries: core's modules are imported only through their index.ts (and, from tests, testing.ts).

/** Where core's modules live, each in a folder of its own. */
const MODULES_ROOT = "packages/core/src/modules/";
/** Shared folders that modules build on; importing a module from them would turn the arrow around. */
const MODULE_FREE_FOLDERS = ["packages/core/src/money/"];

/** Test code: a test, or a module's helpers for tests (exported to other modules' tests by its testing.ts). */
function isTestCode(path) {
  return path.endsWith(".test.ts") || path.endsWith("-test-helpers.ts");
}

/** The module folder a path of core lies in (`catalog`), or null outside any (`modules/built-in-modules.ts`). */
function moduleOf(path) {
  const match = path.startsWith(MODULES_ROOT) ? /^([^/]+)\//.exec(path.slice(MODULES_ROOT.length)) : null;
  return match ? match[1] : null;
}

/**
 * One line per import that reaches into a module past its entries. `index.ts` is the module's public API
 * (what other modules, core's `src/index.ts` and `src/testing/` may use); `testing.ts` re-exports its test
 * helpers for other modules' tests only, so no production path loads them. A module importing its own
 * entry would make the entry's re-exports evaluate in the middle of the module's own files.
 */
function moduleEntryProblems() {
  const found = [];
  for (const file of sourceFiles(join(root, "packages/core/src"))) {
    const where = relative(root, file);
    const from = moduleOf(where);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const specifier = match[1];
      if (!specifier.startsWith(".")) continue;
      const target = relative(root, resolve(dirname(file), specifier));
      const to = moduleOf(target);
      if (to === null) continue;
      const entry = target.slice(`${MODULES_ROOT}${to}/`.length).replace(/\.[jt]s$/, "");
      if (MODULE_FREE_FOLDERS.some((folder) => where.startsWith(folder))) {
        found.push(`${where}: a shared folder must not import a module (${specifier})`);
      } else if (from === to) {
        if (entry === "index" || entry === "testing") {
          found.push(`${where}: a module imports its own files directly, not its entry (${specifier})`);
        }
      } else if (entry === "testing") {
        if (!isTestCode(where)) found.push(`${where}: only tests may import a module's testing.ts (${specifier})`);
      } else if (entry !== "index") {
        found.push(`${where}: imports module ${to} past its entry; use modules/${to}/index.ts (${specifier})`);
      }
    }
  }
  return found;
}

problems.push(...moduleEntryProblems());

// The CLI offers the configured plugins' commands (their manifests' `commands`) and names no plugin; its
// tests and test fixtures may configure one.
for (const file of sourceFiles(join(root, "packages/cli/src"))) {
  const where = relative(root, file);
  if (where.endsWith(".test.ts") || where.includes("/test-fixtures/")) continue;
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](@unified-commerce\/plugin-(?!sdk)[^"']*)["']/g)) {
    problems.push(
      `${where}: the CLI must not import a plugin (${match[1]}); a plugin adds commands through its manifest`,
    );
  }
}

if (problems.length > 0) {
  console.error(`Forbidden imports (see ARCHITECTURE.md, "Arrows that must never exist"):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("boundaries: ok");
