/**
 * Benchmark targets of the orders module, on the schema `orders-seed.ts` made: `commerce` is the full
 * commerce server (a staff API key with `orders:read`, resolved in memory); `bare` is a plain Fastify +
 * pg server answering `GET /orders?limit=20` with the same rows (the page of orders, without lines as the
 * list answers them, and the total) and the same queries, written by hand.
 */
import Fastify from "fastify";
import pg from "pg";
import { createCommerceServer, createKernel, type Actor } from "@unified-commerce/core";
import { ORDERS_SCHEMA, benchDatabaseUrl } from "./orders-seed.js";

const mode = process.argv[2] ?? "bare";
const staff: Actor = { id: "bench-staff", type: "apiKey", organizationId: "default", permissions: ["orders:read"] };

type Row = Record<string, unknown>;

const ORDER_COLUMNS = `id, number, status, cart_id, customer_id, currency, is_tax_inclusive, payment_method_id, shipping_address,
  promotion_codes, subtotal, discount_total, tax_total, total, created_at, updated_at`;

async function bare(): Promise<void> {
  const pool = new pg.Pool({
    connectionString: benchDatabaseUrl(),
    max: 10,
    options: `-c search_path=${ORDERS_SCHEMA}`,
  });
  // bigint columns come back as strings from pg; the commerce server answers numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  const app = Fastify();
  app.get<{ Querystring: { limit?: string; page?: string } }>("/orders", async (request) => {
    const limit = Math.min(100, Number(request.query.limit ?? 20));
    const page = Math.max(1, Number(request.query.page ?? 1));
    const [orders, count] = await Promise.all([
      pool.query<Row>(
        `select ${ORDER_COLUMNS} from orders where organization_id = $1 order by created_at desc, id desc limit $2 offset $3`,
        ["default", limit, (page - 1) * limit],
      ),
      // The total as the orders module keeps it: the sum of its per-status count deltas.
      pool.query<{ total: number }>(
        "select coalesce(sum(delta), 0)::int as total from order_status_counts where organization_id = $1",
        ["default"],
      ),
    ]);
    const total = count.rows[0]?.total ?? 0;
    return { data: orders.rows, meta: { pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } } };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

async function commerce(): Promise<void> {
  const kernel = await createKernel({
    logLevel: "silent",
    database: { url: benchDatabaseUrl(), schema: ORDERS_SCHEMA, poolSize: 10 },
    http: { rateLimit: false },
  });
  const app = await createCommerceServer(kernel, {
    resolveActor: async (request) => (request.headers["x-api-key"] === "bench" ? staff : null),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

await (mode === "bare" ? bare() : commerce());
