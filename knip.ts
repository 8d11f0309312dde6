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
  workspaces: {
    ".": {
      entry: ["scripts/*.mjs"],
      // tsx: loaded by name (`node --import tsx`) by the test processes that tests spawn from the root.
      // @unified-commerce/auth: plugin-sdk's testing-with-auth imports it by name at run time.
      ignoreDependencies: ["tsx", "@unified-commerce/auth"],
    },
    "apps/*": {
      entry: ["commerce.config.ts", "src/**/*.fleet.ts", "src/testing/*.config.ts"],
    },
    bench: {
      // Every benchmark is a file run by src/run.ts; servers and profiles are started by path.
      entry: ["src/*.bench.ts", "src/*-server.ts", "src/checkout-cpu.ts", "src/servers/*.ts"],
    },
    "packages/*": {},
    "packages/core": {
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
