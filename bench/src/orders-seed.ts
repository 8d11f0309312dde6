/**
 * Seeds the orders benchmark's schema: the kernel's migrations (one boot), then 100,000 orders of one
 * store with two lines each, written by two `INSERT ... SELECT` over `generate_series` rather than
 * through checkout (which would take an hour on this machine and measure checkout, not the list).
 * Statuses cycle through the seven, numbers are the gapless `ORD-2026-NNNNNN`, one order a minute back
 * from now.
 */
import pg from "pg";
import { createKernel } from "@unified-commerce/core";

export const ORDERS_SCHEMA = "bench_orders";
export const ORDER_COUNT = Number(process.env.ORDERS_BENCH_COUNT ?? 100_000);

export const benchDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** What the seed wrote, and the newest order (the invoice renders use it). */
export interface OrdersSeed {
  orders: number;
  lines: number;
  newestOrderId: string;
}

export async function seedOrders(): Promise<OrdersSeed> {
  const admin = new pg.Client({ connectionString: benchDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${ORDERS_SCHEMA} cascade`);
    const kernel = await createKernel({
      logLevel: "silent",
      database: { url: benchDatabaseUrl(), schema: ORDERS_SCHEMA, poolSize: 2 },
    });
    await kernel.close();
    await admin.query(`set search_path = ${ORDERS_SCHEMA}`);
    await admin.query(
      `insert into orders (id, organization_id, number, status, cart_id, customer_id, currency, is_tax_inclusive, payment_method_id,
         shipping_address, promotion_codes, subtotal, discount_total, tax_total, total, created_at, updated_at)
       select gen_random_uuid(), 'default', 'ORD-2026-' || lpad(i::text, 6, '0'),
         (array['pending','confirmed','processing','partially_fulfilled','fulfilled','refunded','cancelled'])[1 + i % 7],
         gen_random_uuid(), 'customer-' || (i % 5000), 'EUR', false, 'manual',
         jsonb_build_object('line1', i || ' Main St', 'city', 'Berlin', 'postalCode', '10115', 'country', 'DE'),
         '{}', 3000, 0, 600, 3600, now() - make_interval(mins => i), now() - make_interval(mins => i)
       from generate_series(1, $1::int) as i`,
      [ORDER_COUNT],
    );
    const lines = await admin.query(
      `insert into order_lines (id, organization_id, order_id, position, entity_id, variant_id, title, sku, quantity, refunded_quantity,
         unit_price, subtotal, discount, tax, total, tax_rate_bps)
       select gen_random_uuid(), 'default', o.id, p.position, gen_random_uuid(), null, 'Item ' || p.position, 'SKU-' || p.position,
         1, 0, 1500, 1500, 0, 300, 1800, 2000
       from orders o cross join generate_series(0, 1) as p(position)`,
    );
    await admin.query(
      `insert into order_number_counters (organization_id, year, last_value) values ('default', 2026, $1)`,
      [ORDER_COUNT],
    );
    // Vacuum as autovacuum would have by now on a live table: the visibility map lets PostgreSQL count
    // the store's orders from the index alone.
    await admin.query("vacuum analyze orders");
    await admin.query("vacuum analyze order_lines");
    const newest = await admin.query<{ id: string }>("select id from orders order by created_at desc, id desc limit 1");
    return { orders: ORDER_COUNT, lines: lines.rowCount ?? 0, newestOrderId: newest.rows[0]?.id ?? "" };
  } finally {
    await admin.end();
  }
}
