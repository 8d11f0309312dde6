import { sql } from "kysely";
import { defineConfig, definePlugin, defineTask } from "@unified-commerce/core";
import base from "../../commerce.config.js";

// The reference server's configuration plus one task with a side effect, for the fleet harness
// (src/fleet.fleet.ts) only. Never deployed. The harness creates the two tables it writes.
const effectMs = Number(process.env.FLEET_EFFECT_MS ?? 50);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fleetEffects = definePlugin({
  id: "test-fleet-effects",
  version: "1.0.0",
  tasks: [
    defineTask({
      slug: "fleet/effect",
      // Retried at the next claim: a worker killed mid-attempt loses that attempt (its lease expires).
      retries: { attempts: 10 },
      handler: async (input, { db, job }) => {
        const { key } = input as { key: string };
        // Every run is logged, so the harness can show that some keys did run more than once.
        await sql`insert into fleet_attempts (key, job_id, attempt) values (${key}, ${job.id}, ${job.attempts})`.execute(
          db,
        );
        await sleep(effectMs);
        // Idempotent by key: the key is recorded in the transaction that applies the effect, so a rerun
        // (the worker died after this commit, before the job's result was stored) finds it and does nothing.
        await db.transaction().execute(async (trx) => {
          const claimed =
            await sql`insert into fleet_applied (key) values (${key}) on conflict do nothing returning key`.execute(
              trx,
            );
          if (claimed.rows.length === 0) return;
          await sql`insert into fleet_effects (key, job_id) values (${key}, ${job.id})`.execute(trx);
        });
        return { key };
      },
    }),
  ],
});

export default defineConfig({
  ...base,
  // A short lease, so the jobs of a killed worker go back to pending in seconds rather than 5 minutes.
  jobs: { ...base.jobs, leaseMs: Number(process.env.FLEET_LEASE_MS ?? 3000) },
  plugins: [...(base.plugins ?? []), fleetEffects],
});
