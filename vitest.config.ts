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
    reporters: ["default"],
  },
});
