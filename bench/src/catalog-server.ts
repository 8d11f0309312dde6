/**
 * Benchmark targets of the catalog: `commerce` is the full commerce server on PostgreSQL (storefront key
 * resolved in memory, `catalog:read`), `commerce-uncached` the same with its include cache off; `bare` is a plain Fastify + pg server answering the same two reads
 * with the same rows and the same number of queries, written by hand.
 */
import Fastify from "fastify";
import pg from "pg";
import { createCommerceServer, createKernel, type Actor } from "@unified-commerce/core";
import { BENCH_SCHEMA, benchDatabaseUrl } from "./catalog-seed.js";

const mode = process.argv[2] ?? "bare";
const storefront: Actor = { id: "bench", type: "apiKey", organizationId: "default", permissions: ["catalog:read"] };

type Row = Record<string, unknown>;

async function bare(): Promise<void> {
  const pool = new pg.Pool({
    connectionString: benchDatabaseUrl(),
    max: 10,
    options: `-c search_path=${BENCH_SCHEMA}`,
  });
  const app = Fastify();
  app.get("/entities", async () => {
    const page = await pool.query<Row & { id: string; total: string }>(
      `select id, type, slug, status, source, source_store_id, metadata, created_at, updated_at, count(*) over () as total
       from catalog_entities where organization_id = $1 and status = 'active' order by created_at desc, id desc limit 20`,
      ["default"],
    );
    const ids = page.rows.map((row) => row.id);
    const [attributes, variants] = await Promise.all([
      pool.query<Row & { entity_id: string; locale: string }>(
        "select entity_id, locale, title, description, seo_title, seo_description from catalog_entity_attributes where organization_id = $1 and entity_id = any($2)",
        ["default", ids],
      ),
      pool.query<Row & { entity_id: string }>(
        "select id, entity_id, sku, options, option_value_ids, position, metadata, created_at from catalog_variants where organization_id = $1 and entity_id = any($2) order by entity_id, position, id",
        ["default", ids],
      ),
    ]);
    const data = page.rows.map(({ total: _total, ...entity }) => ({
      ...entity,
      attributes: Object.fromEntries(
        attributes.rows.filter((row) => row.entity_id === entity.id).map((row) => [row.locale, row]),
      ),
      variants: variants.rows.filter((row) => row.entity_id === entity.id),
    }));
    const total = Number(page.rows[0]?.total ?? 0);
    return { data, meta: { pagination: { page: 1, limit: 20, total, totalPages: Math.ceil(total / 20) } } };
  });
  app.get<{ Querystring: { q?: string } }>("/search", async (request) => {
    const q = request.query.q ?? "";
    const result = await pool.query<Row & { total: string }>(
      `select entity_id as id, type, slug, status, title, description, ts_rank(document, websearch_to_tsquery('english', $2)) as score, count(*) over () as total
       from search_documents where organization_id = $1 and status = 'active' and document @@ websearch_to_tsquery('english', $2)
       order by score desc, updated_at desc, entity_id limit 20`,
      ["default", q],
    );
    return {
      data: result.rows.map(({ total: _total, ...row }) => row),
      meta: { total: Number(result.rows[0]?.total ?? 0), page: 1, limit: 20, facets: {} },
    };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

async function commerce(isCached: boolean): Promise<void> {
  const kernel = await createKernel({
    logLevel: "silent",
    database: { url: benchDatabaseUrl(), schema: BENCH_SCHEMA, poolSize: 10 },
    http: { rateLimit: false },
    search: { adapter: "postgres" },
    ...(isCached ? {} : { catalog: { includeCacheBytes: 0 } }),
  });
  const app = await createCommerceServer(kernel, {
    resolveActor: async (request) => (request.headers["x-api-key"] === "bench" ? storefront : null),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

await (mode === "bare" ? bare() : commerce(mode !== "commerce-uncached"));
