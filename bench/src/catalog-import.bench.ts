/**
 * Bulk catalog import on PostgreSQL: `pnpm bench catalog-import`. A fresh schema, the full kernel with the
 * PostgreSQL search adapter (so each batch also reindexes its entities), and one NDJSON file of
 * IMPORT_BENCH_ROWS (default 100,000) entities, each with an English title and description, two variants
 * (SKU, one option), a EUR price per variant and stock in the default warehouse. Timed:
 * - upload: `POST /api/catalog/import` through the HTTP stack (inject), reading, validating and staging every row;
 * - write: the import's batches (500 entities, one transaction each), run by the same call the job makes;
 * - re-run: the same file again, which updates every entity (idempotent by slug and SKU).
 * Meanwhile a storefront reader lists `GET /api/catalog/entities?limit=20` one request at a time; its
 * slowest answer shows whether the import blocks reads. Target: 100,000 rows under 2 minutes.
 * Results in `results/catalog-import.md`, with the machine's load average at the time (2 cores, shared).
 */
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import { createCommerceServer, createKernel, type Actor } from "@unified-commerce/core";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const rows = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const concurrency = Number(process.env.IMPORT_BENCH_CONCURRENCY ?? 2);
const schema = "bench_catalog_import";
const admin: Actor = { id: "bench-admin", type: "user", organizationId: "default", permissions: ["*:*"] };
const storefront: Actor = {
  id: "bench-storefront",
  type: "apiKey",
  organizationId: "default",
  permissions: ["catalog:read"],
};

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(`drop schema if exists ${schema} cascade`);
await client.end();

// Diagnostics, to see where the time goes (not the benchmark's figure): IMPORT_BENCH_NO_SEARCH=1 runs
// without the search adapter; IMPORT_BENCH_NO_REVISION=1 drops the catalog's revision triggers in the
// bench schema (each batch's attribute and variant inserts otherwise rewrite every entity row twice).
const isSearchOff = process.env.IMPORT_BENCH_NO_SEARCH === "1";
const isRevisionOff = process.env.IMPORT_BENCH_NO_REVISION === "1";
const kernel = await createKernel({
  logLevel: "silent",
  database: { url, schema, poolSize: 4 },
  search: isSearchOff ? {} : { adapter: "postgres" },
  http: { rateLimit: false },
});
if (isRevisionOff) {
  for (const table of ["catalog_variants", "catalog_entity_attributes"]) {
    for (const event of ["insert", "update", "delete"])
      await sql.raw(`drop trigger ${table}_${event}_bumps_revision on ${schema}.${table}`).execute(kernel.database.db);
  }
}
const app = await createCommerceServer(kernel, {
  resolveActor: async (request) => (request.headers["x-bench-reader"] ? storefront : admin),
});

/** Row `i` of the benchmark file. */
function row(i: number): string {
  return JSON.stringify({
    slug: `bench-product-${i}`,
    type: "product",
    status: "active",
    attributes: {
      en: { title: `Bench product ${i} gear`, description: `A product made for the import benchmark, number ${i}.` },
    },
    variants: ["S", "M"].map((size, index) => ({
      sku: `BENCH-${i}-${size}`,
      options: { Size: size },
      prices: [{ currency: "EUR", amount: 1000 + (i % 500) + index * 100 }],
      stock: [{ onHand: (i + index) % 50 }],
    })),
  });
}

const file = Buffer.from(`${Array.from({ length: rows }, (_, i) => row(i)).join("\n")}\n`);

/** Lists a storefront page one request at a time until stopped; answers the latencies. */
function reader() {
  const latencies: number[] = [];
  let isRunning = true;
  const done = (async () => {
    while (isRunning) {
      const started = performance.now();
      await app.inject({ method: "GET", url: "/api/catalog/entities?limit=20", headers: { "x-bench-reader": "1" } });
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      isRunning = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
    },
  };
}

async function importOnce(label: string) {
  const reads = reader();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const response = await app.inject({
    method: "POST",
    url: "/api/catalog/import",
    headers: { "content-type": "application/x-ndjson" },
    payload: file,
  });
  if (response.statusCode !== 202) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  const uploaded = performance.now();
  const id = response.json().data.id as string;
  let lastPrint = 0;
  const result = await kernel.services.catalogImport.runImport("default", id, {
    concurrency,
    onProgress: (progress) => {
      if (performance.now() - lastPrint > 5_000) {
        lastPrint = performance.now();
        console.log(`  ${label}: ${progress.rowsDone}/${progress.rowsTotal}`);
      }
    },
  });
  const finished = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const nodeCpuS = (cpu.user + cpu.system) / 1e6;
  const read = await reads.stop();
  if (result.status !== "completed" || result.failed > 0)
    throw new Error(
      `import ended ${result.status} with ${result.failed} failed: ${JSON.stringify(result.errors.slice(0, 3))}`,
    );
  const figures = {
    label,
    uploadS: (uploaded - started) / 1000,
    writeS: (finished - uploaded) / 1000,
    totalS: (finished - started) / 1000,
    created: result.created,
    updated: result.updated,
    read,
    nodeCpuS,
  };
  console.log(
    `  ${label}: upload ${figures.uploadS.toFixed(1)} s, write ${figures.writeS.toFixed(1)} s, total ${figures.totalS.toFixed(1)} s (${Math.round(rows / figures.totalS)} rows/s), Node CPU ${nodeCpuS.toFixed(1)} s; reads p50 ${read.p50.toFixed(1)} ms, p99 ${read.p99.toFixed(1)} ms, max ${read.max.toFixed(1)} ms`,
  );
  return figures;
}

const loadBefore = execSync("uptime").toString().trim();
console.log(`catalog import: ${rows} rows (${(file.length / 1024 / 1024).toFixed(1)} MB NDJSON), ${loadBefore}`);
const first = await importOnce("first import");
const again = await importOnce("re-run");
const loadAfter = execSync("uptime").toString().trim();
const counted = await kernel.database.db
  .selectFrom("catalog_entities" as never)
  .select((eb) => eb.fn.countAll<string>().as("count"))
  .executeTakeFirst();
await app.close();

const line = (f: typeof first) =>
  `| ${f.label} | ${f.uploadS.toFixed(1)} | ${f.writeS.toFixed(1)} | **${f.totalS.toFixed(1)}** | ${Math.round(rows / f.totalS)} | ${f.created} | ${f.updated} | ${f.read.count} | ${f.read.p50.toFixed(1)} / ${f.read.p99.toFixed(1)} / ${f.read.max.toFixed(1)} |`;
const report = `# Catalog import benchmark

${new Date().toISOString()}, PostgreSQL 127.0.0.1:5432/test, one Node process (server and import in the same process, as the in-process worker would run it), ${concurrency} batches at a time${isSearchOff ? ", **search adapter off (diagnostic)**" : ""}${isRevisionOff ? ", **revision triggers dropped (diagnostic)**" : ""}, PostgreSQL search adapter on (each batch reindexes its entities).
File: ${rows.toLocaleString("en")} NDJSON rows, ${(file.length / 1024 / 1024).toFixed(1)} MB; each entity has an English title and description, 2 variants (SKU, option Size), a EUR price per variant and stock per variant in the default warehouse: ${(rows * 2).toLocaleString("en")} variants, prices and stock rows.

**The machine is shared (2 cores, 5 people working on it) and noisy; the figures are indicative.** Load average: before \`${loadBefore}\`, after \`${loadAfter}\`.

| run | upload + validation + staging (s) | batches written (s) | total (s) | rows/s | created | updated | storefront reads during the run | read ms p50 / p99 / max |
|---|---|---|---|---|---|---|---|---|
${line(first)}
${line(again)}

Target: 100,000 rows under 2 minutes on PostgreSQL: ${first.totalS < 120 && rows >= 100_000 ? "met" : rows < 100_000 ? "not measured at full size" : "NOT met"} (first import ${first.totalS.toFixed(1)} s, re-run ${again.totalS.toFixed(1)} s). Entities in the catalog afterwards: ${counted?.count ?? "?"} (the re-run updated, it did not duplicate).

Storefront reads: one \`GET /api/catalog/entities?limit=20\` at a time, 20 ms apart, in the same process during the run. Batches are short transactions (500 entities) whose row locks only concern the rows they write (plain reads take no row locks in PostgreSQL); the reader shares the import's Node process and CPU, so its latency mixes both.
`;
writeFileSync(new URL("../results/catalog-import.md", import.meta.url), report);
console.log("written results/catalog-import.md");
process.exit(0);
