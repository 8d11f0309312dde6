/**
 * A job worker in its own process, for `catalog-backfill-worker-kill.test.ts`: boots the kernel with the
 * connector on the test's PostgreSQL schema (`JOIN_SCHEMA`, `TEST_DATABASE_URL`, the test's `SECRET_KEY`
 * to open the connection's credentials) and runs due jobs one at a time, handing back expired leases
 * first, until it is killed. Its `rest-store` adapter uses the real `fetch`.
 */
import { createPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import { channelConnector } from "./channel-plugin.js";
import { restStoreAdapter } from "./rest-store-adapter.js";

const { JOIN_SCHEMA: joinSchema, SECRET_KEY: secretKey, LEASE_MS: leaseMs } = process.env;
if (!joinSchema || !secretKey) throw new Error("JOIN_SCHEMA and SECRET_KEY are required");

const worker = await createPluginTestApp(
  channelConnector({ retryDelayMs: 0, backfillPageSize: 50, adapters: [restStoreAdapter()] }),
  {
    joinSchema,
    config: { secretKey, jobs: { leaseMs: Number(leaseMs ?? 2_000) } },
  },
);
process.send?.("ready");
for (;;) {
  await worker.kernel.services.jobs.reapStale();
  const { processed } = await worker.kernel.services.jobs.run({ queue: "default", limit: 1 });
  if (processed === 0) await new Promise((resolve) => setTimeout(resolve, 100));
}
