import { defineConfig } from "vitest/config";

// One config for the workspace: `pnpm test` runs every package's tests in parallel files. Workspace
// packages resolve to their TypeScript sources through the `source` export condition.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["{packages,apps,examples}/*/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Test files share a worker's module cache instead of re-importing the kernel, Fastify, zod and the
    // modules for each of them (about half of the suite's time went to those imports). Files stay apart
    // by their own database schema; a test that fakes timers or globals restores them in afterEach.
    isolate: false,
    reporters: ["default"],
  },
});
