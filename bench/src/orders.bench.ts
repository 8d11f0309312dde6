/**
 * Orders on PostgreSQL over 100,000 orders of one store (seeded by `orders-seed.ts`):
 * - `GET /api/orders?limit=20` (a page of 20 orders, newest first, and the total) beside a bare
 *   Fastify + pg endpoint answering the same rows with the same queries, at 10 connections. Targets: p99
 *   under 25 ms and at least 0.5x the bare rate. Each round measures both in alternating order; the
 *   reported figures are the median round's.
 * - `GET /api/orders/:id/invoice.pdf` of one order (its number issued by the first request): PDF renders
 *   per second of the server, which runs on one core, with its CPU per render.
 * ORDERS_BENCH_ROUNDS (default 3), BENCH_SECONDS (default 8) and ORDERS_BENCH_COUNT scale it.
 */
import { writeFileSync } from "node:fs";
import { load, resultTable, type LoadOptions, type LoadResult } from "./autocannon-run.js";
import { seedOrders } from "./orders-seed.js";
import {
  cpuSeconds,
  pinToCpu,
  postgresCpu,
  postgresCpuSince,
  startServer,
  type RunningServer,
} from "./servers/start-server.js";

pinToCpu(process.pid, 1);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.ORDERS_BENCH_ROUNDS ?? 3);
const headers = { "x-api-key": "bench" };

const seedStarted = Date.now();
const seeded = await seedOrders();
const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);
console.log(`seeded ${seeded.orders} orders, ${seeded.lines} lines in ${seedSeconds} s`);

const bare = await startServer("../orders-server.ts", ["bare"]);
const commerce = await startServer("../orders-server.ts", ["commerce"]);

interface Measured extends LoadResult {
  /** CPU microseconds per request of the server process, and of PostgreSQL (all its processes). */
  serverCpuMicros: number;
  postgresCpuMicros: number;
}

// Rates swing with whatever else runs on this 2-core machine; CPU per request is the steadier figure.
async function measure(server: RunningServer, options: LoadOptions): Promise<Measured> {
  const [server0, postgres0, started] = [cpuSeconds(server.pid), postgresCpu(), Date.now()];
  const result = await load(options);
  const requests = Math.max(1, (result.requestsPerSecond * (Date.now() - started)) / 1000);
  return {
    ...result,
    serverCpuMicros: ((cpuSeconds(server.pid) - server0) * 1e6) / requests,
    postgresCpuMicros: (postgresCpuSince(postgres0) * 1e6) / requests,
  };
}

const median = <T>(items: readonly T[], by: (item: T) => number): T => {
  const sorted = [...items].sort((a, b) => by(a) - by(b));
  return sorted[Math.floor(sorted.length / 2)] as T;
};

const bareRuns: Measured[] = [];
const commerceRuns: Measured[] = [];
let pdf: Measured;
try {
  const targets = [
    { server: bare, runs: bareRuns, name: "bare Fastify + pg", url: `${bare.url}/orders?limit=20`, headers: {} },
    { server: commerce, runs: commerceRuns, name: "commerce", url: `${commerce.url}/api/orders?limit=20`, headers },
  ];
  for (const target of targets)
    await load({ name: "warm-up", url: target.url, durationSeconds: 2, headers: target.headers });
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which target runs first, so neither always meets the warmer cache.
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      target.runs.push(
        await measure(target.server, {
          name: `${target.name}: orders?limit=20 (10 conn)`,
          url: target.url,
          connections: 10,
          durationSeconds: duration,
          headers: target.headers,
        }),
      );
    }
  }
  const invoiceUrl = `${commerce.url}/api/orders/${seeded.newestOrderId}/invoice.pdf`;
  await load({ name: "warm-up", url: invoiceUrl, durationSeconds: 2, headers });
  // Two connections keep the one server core busy without queueing renders behind each other.
  pdf = await measure(commerce, {
    name: "commerce: invoice.pdf (2 conn)",
    url: invoiceUrl,
    connections: 2,
    durationSeconds: duration,
    headers,
  });
} finally {
  await Promise.all([bare.stop(), commerce.stop()]);
}

const ratios = commerceRuns.map((run, i) => run.requestsPerSecond / Math.max(bareRuns[i]?.requestsPerSecond ?? 1, 1));
const ratio = median(ratios, (value) => value);
const round = ratios.indexOf(ratio);
const [bareRun, commerceRun] = [bareRuns[round] as Measured, commerceRuns[round] as Measured];
const p99 = median(commerceRuns, (run) => run.p99Ms).p99Ms;
const cpu = (m: Measured) =>
  `${m.name.split(":")[0]} ${m.serverCpuMicros.toFixed(0)} us server + ${m.postgresCpuMicros.toFixed(0)} us PostgreSQL`;
const report = [
  `### orders?limit=20, 10 connections (median round of ${rounds})`,
  resultTable([bareRun, commerceRun]),
  `ratio ${ratio.toFixed(2)}x (target 0.50x): ${ratio >= 0.5 ? "met" : "NOT met"}; p99 ${p99} ms, median of rounds (target 25 ms): ${p99 <= 25 ? "met" : "NOT met"}`,
  `Per-round ratios: ${ratios.map((value) => value.toFixed(2)).join(", ")}; per-round commerce p99: ${commerceRuns.map((run) => run.p99Ms).join(", ")} ms`,
  `CPU per request: ${cpu(bareRun)}; ${cpu(commerceRun)}`,
  "### invoice.pdf",
  resultTable([pdf]),
  `${Math.round(pdf.requestsPerSecond)} PDF invoices per second on one server core; ${(pdf.serverCpuMicros / 1000).toFixed(1)} ms of server CPU per render (HTTP, the order read and the invoice number's lookup included).`,
].join("\n\n");
console.log(report);
writeFileSync(
  new URL("../results/orders.md", import.meta.url),
  `# Orders benchmark\n\n${new Date().toISOString()}, ${duration} s per run, server on CPU 0, load on CPU 1, PostgreSQL (${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "local default"}). ` +
    `The machine (2 cores) was shared with other work while this ran: rates are indicative, CPU per request steadier.\n` +
    `Seed: ${seeded.orders} orders of one store, ${seeded.lines} lines (${seedSeconds} s, INSERT ... SELECT over generate_series). Each page: 20 orders, newest first, without lines (as the list answers), and the total; commerce reads as a staff API key (orders:read).\n\n${report}\n`,
);
