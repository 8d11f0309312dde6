import type { KnipConfig } from "knip";

/**
 * Dead code and dependency check (`pnpm lint` runs it). Knip finds the entries of each workspace itself:
 * package.json `exports` (through the `source` condition) and `bin`, the scripts' commands, the vitest
 * configs and their test files. Listed here: what it cannot see, and why each ignore is not dead.
 */
const config: KnipConfig = {
  // An export also used in its own file is exposed more widely than needed, not dead code.
  ignoreExportsUsedInFile: true,
  // Machine tools the fleet harness and the benchmarks start, not npm packages.
  ignoreBinaries: ["redis-server", "uptime"],
  ignoreIssues: {
    // DEFAULT_GRANULARITIES is the named default, the full list on purpose (widened to a plain array).
    "packages/core/src/kernel/analytics-model.ts": ["duplicates"],
  },
  workspaces: {
    ".": {
      entry: ["scripts/*.mjs"],
      // tsx: loaded by name (`node --import tsx`) by the test processes that tests spawn from the root.
      // @unified-commerce/auth: plugin-sdk's testing-with-auth imports it by name at run time.
      ignoreDependencies: ["tsx", "@unified-commerce/auth"],
    },
    "apps/server": {
      // The fleet harness (vitest.fleet.config.ts) and a config that a graceful-shutdown test boots by path.
      entry: ["commerce.config.ts", "src/**/*.fleet.ts", "src/testing/*.config.ts"],
    },
    "apps/*": {},
    bench: {
      // Every benchmark is a file run by src/run.ts; servers and profiles are started by path.
      entry: ["src/*.bench.ts", "src/*-server.ts", "src/checkout-cpu.ts", "src/servers/*.ts"],
    },
    "packages/*": {},
    "packages/core": {
      // A module's public entry (index.ts) and its test helpers (testing.ts) are its API, as a package's
      // exports are: what other modules and plugins may use, whether or not one does today.
      entry: ["src/modules/*/index.ts", "src/modules/*/testing.ts"],
      // fast-check: peer dependency of @fast-check/vitest, which the property tests import.
      ignoreDependencies: ["fast-check"],
    },
    "packages/jobs": {
      // tsx: the multi-worker test starts workers with `--import tsx`.
      ignoreDependencies: ["tsx"],
    },
    "examples/*": {},
  },
};

export default config;
