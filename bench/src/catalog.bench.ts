/**
 * Catalog reads on PostgreSQL: `GET /api/catalog/entities?include=attributes,variants` (a page of 20
 * entities with their 240 variants) and `GET /api/search?q=shirt` (full-text, ranked), each beside a bare
 * Fastify + pg endpoint answering the same rows with the same queries, at 10 and 100 connections.
 * Targets: at least 0.5x the bare rate, p99 at most 25 ms at 10 connections.
 */
import { writeFileSync } from "node:fs";
import { load, resultTable, type LoadOptions, type LoadResult } from "./autocannon-run.js";
import { seedCatalog } from "./catalog-seed.js";
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
const headers = { "x-api-key": "bench" };

const seedStarted = Date.now();
const seeded = await seedCatalog();
const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);
console.log(`seeded ${seeded.entities} entities, ${seeded.variants} variants in ${seedSeconds} s`);

const bare = await startServer("../catalog-server.ts", ["bare"]);
const commerce = await startServer("../catalog-server.ts", ["commerce"]);
// The same server with the include cache off (`catalog.includeCacheBytes: 0`): every page reads its
// attributes and variants from PostgreSQL, as a page of entities nobody asked for recently does.
const uncached = await startServer("../catalog-server.ts", ["commerce-uncached"]);

interface Measured extends LoadResult {
  /** CPU microseconds per request of the server process, and of PostgreSQL (all its processes). */
  serverCpuMicros: number;
  postgresCpuMicros: number;
}

interface Pair {
  label: string;
  connections: number;
  bare: Measured;
  commerce: Measured;
  /** Reported beside the pair, not held to the targets. */
  extra?: Measured;
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

const pairs: Pair[] = [];
try {
  const targets = [
    {
      label: "entities?include=attributes,variants",
      bare: `${bare.url}/entities`,
      path: "/api/catalog/entities?include=attributes,variants",
      extra: { name: "commerce, include cache off", server: uncached },
    },
    { label: "search?q=shirt", bare: `${bare.url}/search?q=shirt`, path: "/api/search?q=shirt" },
  ];
  for (const target of targets) {
    await load({ name: "warm-up", url: target.bare, durationSeconds: 2 });
    await load({ name: "warm-up", url: `${commerce.url}${target.path}`, durationSeconds: 2, headers });
    for (const connections of [10, 100]) {
      const run = (server: RunningServer, name: string) =>
        measure(server, {
          name: `${name}: ${target.label} (${connections} conn)`,
          url: `${server.url}${target.path}`,
          connections,
          durationSeconds: duration,
          headers,
        });
      pairs.push({
        label: target.label,
        connections,
        bare: await measure(bare, {
          name: `bare Fastify + pg: ${target.label} (${connections} conn)`,
          url: target.bare,
          connections,
          durationSeconds: duration,
        }),
        commerce: await run(commerce, "commerce"),
        ...(target.extra ? { extra: await run(target.extra.server, target.extra.name) } : {}),
      });
    }
  }
} finally {
  await Promise.all([bare.stop(), commerce.stop(), uncached.stop()]);
}

const sections = pairs.map((pair) => {
  const ratio = pair.commerce.requestsPerSecond / Math.max(pair.bare.requestsPerSecond, 1);
  const checks = [`ratio ${ratio.toFixed(2)}x (target 0.50x): ${ratio >= 0.5 ? "met" : "NOT met"}`];
  if (pair.connections === 10)
    checks.push(`p99 ${pair.commerce.p99Ms} ms (target 25 ms): ${pair.commerce.p99Ms <= 25 ? "met" : "NOT met"}`);
  const rows = [pair.bare, pair.commerce, ...(pair.extra ? [pair.extra] : [])];
  const cpu = rows.map(
    (m) =>
      `${m.name.split(":")[0]} ${m.serverCpuMicros.toFixed(0)} us server + ${m.postgresCpuMicros.toFixed(0)} us PostgreSQL`,
  );
  return `### ${pair.label}, ${pair.connections} connections\n\n${resultTable(rows)}\n\n${checks.join("; ")}\n\nCPU per request: ${cpu.join("; ")}`;
});
const report = sections.join("\n\n");
console.log(report);
writeFileSync(
  new URL("../results/catalog.md", import.meta.url),
  `# Catalog benchmark\n\n${new Date().toISOString()}, ${duration} s per target, server on CPU 0, load on CPU 1, PostgreSQL (${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "local default"}).\n` +
    `Seed: ${seeded.entities} entities, ${seeded.variants} variants (${seedSeconds} s through the services). Each page: 20 entities; commerce reads as a storefront key (active entities only).\n\n${report}\n`,
);
