/**
 * The commerce server of the catalog-scale benchmark, on the schema `catalog-scale-seed.ts` fills:
 * PostgreSQL search adapter, a storefront key (`x-api-key: bench`, `catalog:read`, active entities only)
 * resolved in memory. SEARCH_RESULT_CACHE_BYTES sets `search.resultCacheBytes` (0: every search computed),
 * CATALOG_PAGE_ANCHORS `catalog.pageAnchors` (0: deep pages skip their offset).
 */
import { createCommerceServer, createKernel, type Actor } from "@unified-commerce/core";
import { SCALE_SCHEMA, benchDatabaseUrl } from "./catalog-scale-seed.js";

const storefront: Actor = { id: "bench", type: "apiKey", organizationId: "default", permissions: ["catalog:read"] };

const kernel = await createKernel({
  logLevel: "silent",
  database: { url: benchDatabaseUrl(), schema: SCALE_SCHEMA, poolSize: 10 },
  http: { rateLimit: false },
  ...(process.env.CATALOG_PAGE_ANCHORS ? { catalog: { pageAnchors: Number(process.env.CATALOG_PAGE_ANCHORS) } } : {}),
  search: {
    adapter: "postgres",
    ...(process.env.SEARCH_RESULT_CACHE_BYTES
      ? { resultCacheBytes: Number(process.env.SEARCH_RESULT_CACHE_BYTES) }
      : {}),
  },
});
const app = await createCommerceServer(kernel, {
  resolveActor: async (request) => (request.headers["x-api-key"] === "bench" ? storefront : null),
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: (app.server.address() as { port: number }).port });
