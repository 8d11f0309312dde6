import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// One config for the workspace: `pnpm test` runs every package's tests in parallel files. Workspace
// packages resolve to their TypeScript sources through the `source` export condition.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Test files share a worker's module cache instead of re-importing the kernel, Fastify, zod and the
    // modules for each of them (about half of the suite's time went to those imports). Files stay apart
    // by their own database schema; a test that fakes timers or globals restores them in afterEach.
    isolate: false,
    reporters: ["default"],
    projects: [
      { extends: true, test: { name: "node", include: ["{packages,apps,examples}/*/src/**/*.test.ts"] } },
      // The admin's React components, in a simulated DOM; isolated, since each file renders its own tree.
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "admin-dom",
          include: ["apps/admin/src/**/*.test.tsx"],
          environment: "happy-dom",
          isolate: true,
          setupFiles: ["apps/admin/src/test/setup-dom.ts"],
        },
      },
      // The admin in a real browser against the reference server (skipped loudly without Chromium).
      {
        extends: true,
        test: {
          name: "admin-e2e",
          include: ["apps/admin/e2e/**/*.e2e.test.ts"],
          globalSetup: ["apps/admin/e2e/global-setup.ts"],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
