import { defineConfig } from "vitest/config";

// `pnpm test:fleet`: the fleet harness (apps/server/src/fleet.fleet.ts), apart from `pnpm test` because it
// starts its own PostgreSQL cluster, Redis, S3 server and five processes and takes minutes.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["apps/server/src/**/*.fleet.ts"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: "forks",
    // The points run in order on one fleet (point 8 reads what the others created).
    sequence: { concurrent: false },
    reporters: ["default"],
  },
});
