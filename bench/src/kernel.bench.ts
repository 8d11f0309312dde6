/**
 * Kernel overhead: a builder route (validation + permission check + envelope + rate limit + request id)
 * and `/api/health` (one `select 1`) against a bare Fastify hello-world, in the same run.
 * Target: the builder route serves at least 0.8x the bare Fastify rate.
 */
import { writeFileSync } from "node:fs";
import { load, resultTable, type LoadResult } from "./autocannon-run.js";
import { pinToCpu, startServer } from "./servers/start-server.js";

pinToCpu(process.pid, 1);
const duration = Number(process.env.BENCH_SECONDS ?? 8);

const bare = await startServer("./kernel-server.ts", ["bare"]);
const commerce = await startServer("./kernel-server.ts", ["commerce"]);
const results: LoadResult[] = [];
try {
  // Warm-up so JIT and pools settle before anything is measured.
  await load({ name: "warm-up", url: `${bare.url}/hello`, durationSeconds: 2 });
  await load({ name: "warm-up", url: `${commerce.url}/api/bench/hello?limit=5`, durationSeconds: 2, headers: { "x-api-key": "bench" } });

  results.push(await load({ name: "bare Fastify hello", url: `${bare.url}/hello`, durationSeconds: duration }));
  results.push(
    await load({
      name: "builder route (validation + permission)",
      url: `${commerce.url}/api/bench/hello?limit=5`,
      durationSeconds: duration,
      headers: { "x-api-key": "bench" },
    }),
  );
  results.push(await load({ name: "GET /api/health (select 1)", url: `${commerce.url}/api/health`, durationSeconds: duration }));
} finally {
  await Promise.all([bare.stop(), commerce.stop()]);
}

const table = resultTable(results);
const ratio = (results[1]?.requestsPerSecond ?? 0) / (results[0]?.requestsPerSecond ?? 1);
const verdict = `Builder route / bare Fastify: ${ratio.toFixed(2)}x (target 0.80x): ${ratio >= 0.8 ? "met" : "NOT met"}`;
console.log(`${table}\n\n${verdict}`);
writeFileSync(
  new URL("../results/kernel.md", import.meta.url),
  `# Kernel benchmark\n\n${new Date().toISOString()}, ${duration} s per target, 10 connections, server on CPU 0, load on CPU 1.\n` +
    `Database for /api/health: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}.\n\n${table}\n\n${verdict}\n`,
);
