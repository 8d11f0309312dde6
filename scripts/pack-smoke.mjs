#!/usr/bin/env node
/**
 * The newcomer's path, on the packed tarballs instead of the registry (`.ci/run` runs it after the tests):
 *
 *   1. build (turbo: cached after `pnpm lint`) and `pnpm pack` every publishable package of packages/;
 *   2. check each tarball: license, repository, files, exports with types, a README, bins present, no
 *      `workspace:` or `catalog:` range left;
 *   3. `npx create-store my-store --yes --no-install` from create-store's own tarball, in a temporary directory;
 *   4. point the store's `@unified-commerce/*` dependencies, direct and transitive (npm `overrides`), at the
 *      tarballs: the one change from what a newcomer gets from the registry;
 *   5. run the commands create-store printed (`npm install`), the store's tests and typecheck, `npx uc seed`
 *      and `npx uc api-key create`, and the printed start command until /api/health answers; read the seeded
 *      products with the key (and be refused without it); then stop it.
 *
 * Usage: node scripts/pack-smoke.mjs [--template minimal|pos|marketplace] [--skip-build] [--keep]
 * Exits non-zero on the first failure. Needs the npm registry for third-party packages, nothing else.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { checkTarball, readTarball } from "./pack-smoke/check-tarball.mjs";
import { run, startUntilHealthy } from "./pack-smoke/processes.mjs";

const { values: options } = parseArgs({
  options: {
    template: { type: "string", default: "minimal" },
    "skip-build": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "uc-pack-smoke-"));
const tarballs = join(work, "tarballs");
const started = Date.now();
const problems = [];

/**
 * The environment of a newcomer's shell: nothing of the pnpm run that may have started us (a pnpm user
 * agent would make create-store print pnpm commands), and no database of the CI's, so the store runs on its
 * own embedded database as scaffolded.
 */
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      !/^(npm_|pnpm_|INIT_CWD$|DATABASE_URL$|TEST_DATABASE_URL$|DATA_DIR$|COMMERCE_CONFIG$|PORT$|HOST$|NODE_OPTIONS$)/i.test(
        name,
      ),
  ),
);

function step(title) {
  console.log(`\n--- pack smoke [${((Date.now() - started) / 1000).toFixed(0)}s] ${title}`);
}

try {
  if (!options["skip-build"]) {
    step("pnpm build");
    await run("pnpm", ["build"], { cwd: root });
  }

  step("pnpm pack every publishable package");
  const packed = new Map();
  for (const folder of readdirSync(join(root, "packages")).sort()) {
    const dir = join(root, "packages", folder);
    if (!existsSync(join(dir, "package.json"))) continue;
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    if (manifest.private) continue;
    const { stdout } = await run("pnpm", ["pack", "--pack-destination", tarballs], { cwd: dir, capture: true });
    const file = stdout.trim().split("\n").at(-1)?.trim();
    if (!file?.endsWith(".tgz")) throw new Error(`pnpm pack in packages/${folder} printed no tarball: ${stdout}`);
    packed.set(manifest.name, { file, folder, version: manifest.version });
  }
  console.log([...packed.keys()].join("\n"));

  step("check each tarball's manifest and files");
  for (const [name, { file, folder }] of packed)
    problems.push(...checkTarball(readTarball(file), folder).map((problem) => `${name}: ${problem}`));
  // Reported now and failed at the end, so one run also shows whether the store installs and starts.
  if (problems.length > 0) console.error(`the packed packages are not ready to publish:\n  ${problems.join("\n  ")}`);

  step(`npx create-store my-store --template ${options.template} --yes --no-install (from the tarball)`);
  const createStore = packed.get("create-store");
  if (!createStore) throw new Error("create-store was not packed");
  const scaffold = await run(
    "npm",
    [
      "exec",
      "--yes",
      `--package=${createStore.file}`,
      "--",
      "create-store",
      "my-store",
      "--template",
      options.template,
      "--yes",
      "--no-install",
    ],
    {
      cwd: work,
      env: cleanEnv,
      capture: true,
    },
  );
  process.stdout.write(scaffold.stdout);
  const next = /Next:\n((?: {2}.+\n)+)/
    .exec(scaffold.stdout)?.[1]
    ?.trim()
    .split("\n")
    .map((line) => line.trim());
  const expected = ["cd my-store", "npm install", "npm run dev"];
  if (JSON.stringify(next) !== JSON.stringify(expected))
    throw new Error(
      `create-store printed ${JSON.stringify(next)} as the next commands, expected ${JSON.stringify(expected)}`,
    );
  const store = join(work, "my-store");

  step("the store's @unified-commerce/* dependencies point at the tarballs");
  const manifestPath = join(store, "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const overrides = {};
  for (const [name, { file }] of packed) if (name.startsWith("@unified-commerce/")) overrides[name] = `file:${file}`;
  for (const [name, range] of Object.entries(manifest.dependencies)) {
    if (!name.startsWith("@unified-commerce/")) continue;
    if (!overrides[name]) throw new Error(`the store depends on ${name}, which was not packed`);
    // What the registry would give a newcomer: the versions released together with this create-store.
    const released = `^${packed.get(name).version}`;
    if (range !== released)
      throw new Error(
        `create-store scaffolded ${name}@${range}, but the release packs ${name}@${packed.get(name).version} (expected ${released})`,
      );
    // npm refuses an override that differs from the direct dependency's range, so both name the tarball.
    manifest.dependencies[name] = overrides[name];
  }
  manifest.overrides = overrides;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  step("npm install (printed by create-store)");
  await run("npm", ["install", "--no-audit", "--no-fund"], { cwd: store, env: cleanEnv, timeoutMs: 600_000 });

  step("the store's own tests and typecheck");
  await run("npm", ["test"], { cwd: store, env: cleanEnv, timeoutMs: 300_000 });
  await run("npm", ["run", "typecheck"], { cwd: store, env: cleanEnv, timeoutMs: 300_000 });

  step("npx uc seed (the published uc binary on the store's configuration)");
  const seeded = await run("npx", ["uc", "seed", "--products", "5", "--orders", "2", "--json"], {
    cwd: store,
    env: cleanEnv,
    capture: true,
    timeoutMs: 300_000,
  });
  const seed = JSON.parse(seeded.stdout);
  console.log(JSON.stringify(seed));
  // Minted now: the embedded database serves one process at a time, and the server comes next.
  const { stdout: minted } = await run("npx", ["uc", "api-key", "create", "--scope", "admin", "--json"], {
    cwd: store,
    env: cleanEnv,
    capture: true,
    timeoutMs: 300_000,
  });
  const adminKey = JSON.parse(minted).key;

  step("npm run dev (printed by create-store) until /api/health answers; the seeded catalog over HTTP");
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api`;
  const health = await startUntilHealthy("npm", ["run", "dev"], {
    cwd: store,
    env: { ...cleanEnv, PORT: String(port) },
    url: `${api}/health`,
    timeoutMs: 120_000,
    whileRunning: async () => {
      const anonymous = await fetch(`${api}/catalog/entities?type=product`);
      if (anonymous.status !== 401)
        throw new Error(`GET /api/catalog/entities without a key answered ${anonymous.status}, expected 401`);
      const response = await fetch(`${api}/catalog/entities?type=product`, { headers: { "x-api-key": adminKey } });
      const listed = await response.json();
      if (response.status !== 200 || listed.meta?.pagination?.total !== seed.products) {
        throw new Error(
          `GET /api/catalog/entities?type=product answered ${response.status} ${JSON.stringify(listed).slice(0, 300)}, expected the ${seed.products} seeded products`,
        );
      }
      console.log(
        `GET /api/catalog/entities?type=product -> ${listed.meta.pagination.total} products; without a key -> 401`,
      );
    },
  });
  console.log(`GET /api/health -> ${JSON.stringify(health)}`);

  if (problems.length > 0)
    throw new Error(`the store runs, but the packed packages are not ready to publish:\n  ${problems.join("\n  ")}`);
  step(`passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
} catch (error) {
  console.error(
    `\npack smoke FAILED after ${((Date.now() - started) / 1000).toFixed(0)}s: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (!options.keep) console.error(`(run with --keep to look at ${work})`);
  process.exitCode = 1;
} finally {
  if (options.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

/** A port nobody listens on now, so a server left by someone else cannot answer for ours. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
