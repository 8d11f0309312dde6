/**
 * Catalog reads on PostgreSQL: `GET /api/catalog/entities?include=attributes,variants` (a page of 20
 * entities with their 240 variants) and `GET /api/search?q=shirt` (full-text, ranked), each beside a bare
 * Fastify + pg endpoint answering the same rows with the same queries, at 10 and 100 connections.
 * Targets: at least 0.5x the bare rate, p99 at most 25 ms at 10 connections.
 */
import { writeFileSync } from "node:fs";
import { load, resultTable, type LoadResult } from "./autocannon-run.js";
import { seedCatalog } from "./catalog-seed.js";
import { pinToCpu, startServer } from "./servers/start-server.js";

pinToCpu(process.pid, 1);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const headers = { "x-api-key": "bench" };

const seedStarted = Date.now();
const seeded = await seedCatalog();
const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);
console.log(`seeded ${seeded.entities} entities, ${seeded.variants} variants in ${seedSeconds} s`);

const bare = await startServer("../catalog-server.ts", ["bare"]);
const commerce = await startServer("../catalog-server.ts", ["commerce"]);

interface Pair {
  label: string;
  connections: number;
  bare: LoadResult;
  commerce: LoadResult;
}

const pairs: Pair[] = [];
try {
  const targets = [
    { label: "entities?include=attributes,variants", bare: `${bare.url}/entities`, commerce: `${commerce.url}/api/catalog/entities?include=attributes,variants` },
    { label: "search?q=shirt", bare: `${bare.url}/search?q=shirt`, commerce: `${commerce.url}/api/search?q=shirt` },
  ];
  for (const target of targets) {
    await load({ name: "warm-up", url: target.bare, durationSeconds: 2 });
    await load({ name: "warm-up", url: target.commerce, durationSeconds: 2, headers });
    for (const connections of [10, 100]) {
      pairs.push({
        label: target.label,
        connections,
        bare: await load({ name: `bare Fastify + pg: ${target.label} (${connections} conn)`, url: target.bare, connections, durationSeconds: duration }),
        commerce: await load({ name: `commerce: ${target.label} (${connections} conn)`, url: target.commerce, connections, durationSeconds: duration, headers }),
      });
    }
  }
} finally {
  await Promise.all([bare.stop(), commerce.stop()]);
}

const sections = pairs.map((pair) => {
  const ratio = pair.commerce.requestsPerSecond / Math.max(pair.bare.requestsPerSecond, 1);
  const checks = [`ratio ${ratio.toFixed(2)}x (target 0.50x): ${ratio >= 0.5 ? "met" : "NOT met"}`];
  if (pair.connections === 10) checks.push(`p99 ${pair.commerce.p99Ms} ms (target 25 ms): ${pair.commerce.p99Ms <= 25 ? "met" : "NOT met"}`);
  return `### ${pair.label}, ${pair.connections} connections\n\n${resultTable([pair.bare, pair.commerce])}\n\n${checks.join("; ")}`;
});
const report = sections.join("\n\n");
console.log(report);
writeFileSync(
  new URL("../results/catalog.md", import.meta.url),
  `# Catalog benchmark\n\n${new Date().toISOString()}, ${duration} s per target, server on CPU 0, load on CPU 1, PostgreSQL (${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "local default"}).\n` +
    `Seed: ${seeded.entities} entities, ${seeded.variants} variants (${seedSeconds} s through the services). Each page: 20 entities; commerce reads as a storefront key (active entities only).\n\n${report}\n`,
);
