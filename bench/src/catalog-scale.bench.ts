/**
 * Catalog reads as the catalog grows, on PostgreSQL, in one run: the same server and the same requests
 * at 500, 10,000 and 100,000 entities (one store; seeded by batched SQL, see `catalog-scale-seed.ts`),
 * 10 connections, as a storefront key:
 * - `entities?limit=20`, `entities?limit=20&status=active&type=product&include=attributes,variants`,
 *   `entities?limit=20&page=400` (a deep page), the same page by `cursor` (the `nextCursor` of `page=399`,
 *   fetched once per size before the load; below 8,000 entities the last page's), `search?q=limited`
 *   (1% of entities) with facets:
 *   targets at 100,000 within 1.5x of the 500-entity rate and p99 under 25 ms;
 * - `search?q=gear` (every entity) with facets: target p99 under 100 ms at 100,000.
 * Repeated searches are answered from the search result cache (valid until the catalog changes), deep
 * pages through page anchors (valid until the catalog changes); the deep page and both searches are
 * measured again on a second server with both off (`SEARCH_RESULT_CACHE_BYTES=0`,
 * `CATALOG_PAGE_ANCHORS=0`), the cost of a first request after a change, reported without a target.
 * BENCH_SECONDS (default 5) per request and size; CATALOG_SCALE_SIZES (default 500,10000,100000).
 */
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { load, type LoadResult } from "./autocannon-run.js";
import { BROAD_WORD, SELECTIVE_WORD, growCatalog, prepareScaleSchema } from "./catalog-scale-seed.js";
import { pinToCpu, startServer } from "./servers/start-server.js";

pinToCpu(process.pid, 1);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const sizes = (process.env.CATALOG_SCALE_SIZES ?? "500,10000,100000").split(",").map(Number);
const headers = { "x-api-key": "bench" };
const facets = "facets=type,category,brand";

interface BenchRequest {
  label: string;
  path: string;
  /** Ask `path` with the cursor of this page instead of a page number (keyset paging at the same depth). */
  cursorOfPage?: number;
  isBroad: boolean;
  /** Asked of the server without the search result cache and page anchors: informational, no target. */
  isUncached?: boolean;
}

const REQUESTS: readonly BenchRequest[] = [
  { label: "entities?limit=20", path: "/api/catalog/entities?limit=20", isBroad: false },
  {
    label: "entities?limit=20&status=active&type=product&include=attributes,variants",
    path: "/api/catalog/entities?limit=20&status=active&type=product&include=attributes,variants",
    isBroad: false,
  },
  { label: "entities?limit=20&page=400", path: "/api/catalog/entities?limit=20&page=400", isBroad: false },
  {
    label: "entities?limit=20&cursor=(page 400)",
    path: "/api/catalog/entities?limit=20",
    cursorOfPage: 400,
    isBroad: false,
  },
  {
    label: `search?q=${SELECTIVE_WORD}&${facets} (1%)`,
    path: `/api/search?q=${SELECTIVE_WORD}&${facets}`,
    isBroad: false,
  },
  {
    label: `search?q=${BROAD_WORD}&${facets} (every entity)`,
    path: `/api/search?q=${BROAD_WORD}&${facets}`,
    isBroad: true,
  },
  {
    label: "entities?limit=20&page=400 (anchors off)",
    path: "/api/catalog/entities?limit=20&page=400",
    isBroad: false,
    isUncached: true,
  },
  {
    label: `search?q=${SELECTIVE_WORD}&${facets} (1%, cache off)`,
    path: `/api/search?q=${SELECTIVE_WORD}&${facets}`,
    isBroad: false,
    isUncached: true,
  },
  {
    label: `search?q=${BROAD_WORD}&${facets} (every entity, cache off)`,
    path: `/api/search?q=${BROAD_WORD}&${facets}`,
    isBroad: true,
    isUncached: true,
  },
];

type ListAnswer = {
  meta: {
    pagination?: { total: number; totalPages: number; nextCursor?: string | null };
    total?: number;
    isTotalExact?: boolean;
  };
};

const getJson = async (url: string) => (await (await fetch(url, { headers })).json()) as ListAnswer;

/**
 * `path` at page `page` by cursor: the `nextCursor` of the page before it, asked once before the load (a
 * cursor stays valid however often it is used). A list with fewer pages gives its last page's cursor.
 */
async function withCursorOfPage(baseUrl: string, path: string, page: number): Promise<string> {
  const before = (await getJson(`${baseUrl}${path}&page=${page - 1}`)).meta.pagination;
  const lastPage = before?.totalPages ?? 0;
  const cursor =
    before?.nextCursor ??
    (lastPage > 1 ? (await getJson(`${baseUrl}${path}&page=${lastPage - 1}`)).meta.pagination?.nextCursor : null);
  if (!cursor) throw new Error(`no cursor for page ${page} of ${path}`);
  return `${path}&cursor=${cursor}`;
}

const loadAverage = () => execSync("uptime").toString().trim();
const loads: string[] = [`start: ${loadAverage()}`];
const seedTimes: string[] = [];
const results = new Map<string, Map<number, LoadResult & { total: number | string }>>(
  REQUESTS.map((request) => [request.label, new Map()]),
);

await prepareScaleSchema();
const server = await startServer("../catalog-scale-server.ts");
const uncachedServer = await startServer("../catalog-scale-server.ts", [], {
  SEARCH_RESULT_CACHE_BYTES: "0",
  CATALOG_PAGE_ANCHORS: "0",
});
try {
  let seeded = 0;
  for (const size of sizes) {
    const started = Date.now();
    await growCatalog(seeded, size);
    seedTimes.push(
      `${seeded.toLocaleString("en")} to ${size.toLocaleString("en")} entities in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    seeded = size;
    console.log(`catalog at ${size} entities; ${loadAverage()}`);
    for (const request of REQUESTS) {
      const target = request.isUncached ? uncachedServer : server;
      const path =
        request.cursorOfPage === undefined
          ? request.path
          : await withCursorOfPage(target.url, request.path, request.cursorOfPage);
      const url = `${target.url}${path}`;
      const probe = await getJson(url);
      const total =
        probe.meta.pagination?.total ?? `${probe.meta.total}${probe.meta.isTotalExact === false ? " (capped)" : ""}`;
      await load({ name: "warm-up", url, durationSeconds: 1, headers });
      const result = await load({ name: request.label, url, connections: 10, durationSeconds: duration, headers });
      results.get(request.label)?.set(size, { ...result, total });
      console.log(
        `${size} ${request.label}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms, total ${total}, non-2xx ${result.non2xx}`,
      );
    }
    loads.push(`after ${size.toLocaleString("en")}: ${loadAverage()}`);
  }
} finally {
  await server.stop();
  await uncachedServer.stop();
}

const largest = sizes[sizes.length - 1] as number;
const smallest = sizes[0] as number;
const header = `| request | ${sizes.map((size) => `${size.toLocaleString("en")}: req/s, p99 ms, total`).join(" | ")} | rate at ${largest.toLocaleString("en")} vs ${smallest.toLocaleString("en")} | targets |`;
const rows = REQUESTS.map((request) => {
  const bySize = results.get(request.label) ?? new Map();
  const cells = sizes.map((size) => {
    const r = bySize.get(size);
    return r
      ? `${Math.round(r.requestsPerSecond)}, ${r.p99Ms}, ${r.total}${r.non2xx > 0 ? ` (${r.non2xx} non-2xx)` : ""}`
      : "n/a";
  });
  const small = bySize.get(smallest);
  const large = bySize.get(largest);
  const drop = small && large ? small.requestsPerSecond / Math.max(large.requestsPerSecond, 1) : Number.NaN;
  const targets = request.isBroad
    ? [`p99 ${large?.p99Ms} ms under 100: ${large && large.p99Ms < 100 ? "met" : "NOT met"}`]
    : [
        `${drop.toFixed(2)}x slower, within 1.5x: ${drop <= 1.5 ? "met" : "NOT met"}`,
        `p99 ${large?.p99Ms} ms under 25: ${large && large.p99Ms < 25 ? "met" : "NOT met"}`,
      ];
  const checks = request.isUncached ? ["informational (without the cache or anchors: a first request)"] : targets;
  return `| ${request.label} | ${cells.join(" | ")} | ${(1 / drop).toFixed(2)}x | ${checks.join("; ")} |`;
});
const table = [header, `|---|${sizes.map(() => "---|").join("")}---|---|`, ...rows].join("\n");
console.log(table);
writeFileSync(
  new URL("../results/catalog-scale.md", import.meta.url),
  `# Catalog-scale benchmark\n\n${new Date().toISOString()}, ${duration} s per request and size, 10 connections, server on CPU 0, load on CPU 1, ` +
    `PostgreSQL (${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "local default"}). One store grown in the same run; requests as a storefront key ` +
    `(active entities only: 80% of the catalog; 72% are active products). Seeded by batched SQL (catalog-scale-seed.ts), not through the API: ${seedTimes.join("; ")}.\n\n` +
    `${table}\n\nMachine load (uptime) during the run:\n\n${loads.map((line) => `- ${line}`).join("\n")}\n`,
);
