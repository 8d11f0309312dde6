/**
 * Kernel overhead: a builder route (validation + permission check + envelope + rate limit + request id)
 * and `/api/health` (one `select 1`) against a bare Fastify hello-world, in the same run.
 * Target: the builder route serves at least 0.8x the bare Fastify rate.
 *
 * The bare and builder rates are measured in KERNEL_BENCH_ROUNDS rounds (default 3) that alternate which
 * goes first; the table shows each one's median round and the verdict uses the median of the per-round
 * ratios. Each row also gives the server's CPU time per request (user + system, from /proc): when the
 * load generator's core is the limit, rates compress towards each other, while CPU per request still
 * shows what each server costs.
 */
import { writeFileSync } from "node:fs";
import { load, resultTable, type LoadOptions, type LoadResult } from "./autocannon-run.js";
import { cpuSeconds, pinToCpu, startServer, type RunningServer } from "./servers/start-server.js";

pinToCpu(process.pid, 1);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.KERNEL_BENCH_ROUNDS ?? 3);

interface Measured extends LoadResult {
  cpuMicrosPerRequest: number;
}

async function measure(server: RunningServer, options: LoadOptions): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const result = await load(options);
  const used = cpuSeconds(server.pid) - before;
  return {
    ...result,
    cpuMicrosPerRequest: (used * 1e6) / Math.max(1, result.requestsPerSecond * (options.durationSeconds ?? 5)),
  };
}

const median = <T>(list: readonly T[], by: (item: T) => number): T => {
  const sorted = [...list].sort((a, b) => by(a) - by(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error("no measurement");
  return middle;
};

const bare = await startServer("./kernel-server.ts", ["bare"]);
const commerce = await startServer("./kernel-server.ts", ["commerce"]);
const builderTarget: LoadOptions = {
  name: "builder route (validation + permission)",
  url: `${commerce.url}/api/bench/hello?limit=5`,
  durationSeconds: duration,
  headers: { "x-api-key": "bench" },
};
const bareTarget: LoadOptions = { name: "bare Fastify hello", url: `${bare.url}/hello`, durationSeconds: duration };
const bareRuns: Measured[] = [];
const builderRuns: Measured[] = [];
const roundRatios: number[] = [];
let health: Measured | undefined;
try {
  // Warm-up so JIT and pools settle before anything is measured.
  await load({ ...bareTarget, name: "warm-up", durationSeconds: 2 });
  await load({ ...builderTarget, name: "warm-up", durationSeconds: 2 });
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (["bare", "builder"] as const) : (["builder", "bare"] as const);
    const measured: Partial<Record<"bare" | "builder", Measured>> = {};
    for (const which of order) {
      measured[which] = which === "bare" ? await measure(bare, bareTarget) : await measure(commerce, builderTarget);
    }
    if (measured.bare) bareRuns.push(measured.bare);
    if (measured.builder) builderRuns.push(measured.builder);
    roundRatios.push((measured.builder?.requestsPerSecond ?? 0) / (measured.bare?.requestsPerSecond ?? 1));
  }
  health = await measure(commerce, {
    name: "GET /api/health (select 1)",
    url: `${commerce.url}/api/health`,
    durationSeconds: duration,
  });
} finally {
  await Promise.all([bare.stop(), commerce.stop()]);
}

const results: Measured[] = [
  median(bareRuns, (r) => r.requestsPerSecond),
  median(builderRuns, (r) => r.requestsPerSecond),
  ...(health ? [health] : []),
];
const table = resultTable(results);
const cpu = results.map((r) => `${r.name}: ${r.cpuMicrosPerRequest.toFixed(1)} us`).join("; ");
const ratio = median(roundRatios, (r) => r);
const verdict = [
  `Builder route / bare Fastify: ${ratio.toFixed(2)}x, median of ${rounds} rounds (target 0.80x): ${ratio >= 0.8 ? "met" : "NOT met"}`,
  `Per-round ratios: ${roundRatios.map((r) => r.toFixed(2)).join(", ")}`,
  `Server CPU per request (median rounds): ${cpu}`,
].join("\n");
console.log(`${table}\n\n${verdict}`);
writeFileSync(
  new URL("../results/kernel.md", import.meta.url),
  `# Kernel benchmark\n\n${new Date().toISOString()}, ${rounds} rounds of ${duration} s per target (median round shown), 10 connections, server on CPU 0, load on CPU 1.\n` +
    `Database for /api/health: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}.\n\n${table}\n\n${verdict.replaceAll("\n", "\n\n")}\n`,
);
