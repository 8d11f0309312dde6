/**
 * Seeds the analytics benchmark's schema: the kernel's migrations (one boot), then one store (time zone
 * Europe/Paris) with a year of trade written by `INSERT ... SELECT` over `generate_series`:
 * - 100,000 orders, one every ~5 minutes back from now, 1 in 20 cancelled, three payment methods, placed
 *   by 20 staff users, a storefront API key or nobody; 2 or 3 lines each over 2,000 products at 0, 10 or
 *   20 % tax;
 * - a refund of one unit of the first line of every 25th order (4,000), by one of the staff;
 * - stock in 2 warehouses per product: 6 restocks spread over the year and a sale adjustment per order
 *   line (with `on_hand_after` as a running sum, as the inventory module writes it), and the levels.
 * A second store with 1,000 orders shares the tables, so every query has another tenant to skip.
 */
import pg from "pg";
import { createKernel } from "@unified-commerce/core";

export const ANALYTICS_SCHEMA = "bench_analytics";
export const ANALYTICS_ORDER_COUNT = Number(process.env.ANALYTICS_BENCH_COUNT ?? 100_000);
const PRODUCTS = 2000;

export const benchDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface AnalyticsSeed {
  orders: number;
  lines: number;
  refunds: number;
  adjustments: number;
  levels: number;
}

async function count(client: pg.Client, table: string): Promise<number> {
  const result = await client.query<{ count: string }>(
    `select count(*) as count from ${table} where organization_id = 'default'`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

async function seedStore(client: pg.Client, organizationId: string, orders: number): Promise<void> {
  await client.query(`create temporary table products as
    select i as n, gen_random_uuid() as entity_id, (array[0, 1000, 2000])[1 + i % 3] as rate_bps, 500 + (i % 40) * 250 as price
    from generate_series(0, ${PRODUCTS - 1}) as i`);
  await client.query(
    `insert into orders (id, organization_id, number, status, cart_id, customer_id, currency, is_tax_inclusive, payment_method_id,
       shipping_address, promotion_codes, subtotal, discount_total, tax_total, total, created_at, updated_at, placed_by_id, placed_by_type)
     select gen_random_uuid(), $1, 'ORD-2026-' || lpad(i::text, 6, '0'),
       case when i % 20 = 0 then 'cancelled' else (array['confirmed','processing','fulfilled','fulfilled'])[1 + i % 4] end,
       gen_random_uuid(), 'customer-' || (i % 5000), 'EUR', false, (array['manual','card','paypal'])[1 + i % 3],
       null, '{}', 0, 0, 0, 0, now() - make_interval(secs => i * 315), now() - make_interval(secs => i * 315),
       case when i % 11 = 0 then null when i % 7 = 0 then 'storefront-key' else 'staff-' || (i % 20) end,
       case when i % 11 = 0 then null when i % 7 = 0 then 'apiKey' else 'user' end
     from generate_series(1, $2::int) as i`,
    [organizationId, orders],
  );
  await client.query(
    `insert into order_lines (id, organization_id, order_id, position, entity_id, variant_id, title, sku, quantity, refunded_quantity,
       unit_price, subtotal, discount, tax, total, tax_rate_bps, created_at)
     select gen_random_uuid(), $1, o.id, l.position, p.entity_id, null, 'Product ' || p.n, 'SKU-' || p.n, l.quantity, 0,
       p.price, p.price * l.quantity, 0, p.price * l.quantity * p.rate_bps / 10000, p.price * l.quantity * (10000 + p.rate_bps) / 10000, p.rate_bps, o.created_at
     from (select id, created_at, row_number() over (order by created_at) as n from orders where organization_id = $1) o
     cross join lateral (select position, 1 + (o.n + position) % 3 as quantity from generate_series(0, 1 + (o.n % 2)::int) as position) l
     join products p on p.n = (o.n * 7 + l.position * 13) % ${PRODUCTS}`,
    [organizationId],
  );
  await client.query(
    `update orders o set subtotal = s.subtotal, tax_total = s.tax, total = s.total
     from (select order_id, sum(subtotal) as subtotal, sum(tax) as tax, sum(total) as total from order_lines where organization_id = $1 group by order_id) s
     where o.id = s.order_id`,
    [organizationId],
  );
  // One unit of the first line of every 25th order, refunded a day after the order by one of the staff.
  await client.query(
    `with picked as (
       select o.id as order_id, o.created_at, ol.id as line_id, ol.total / ol.quantity as amount, row_number() over (order by o.created_at) as n
       from orders o join order_lines ol on ol.order_id = o.id and ol.position = 0
       where o.organization_id = $1 and o.status <> 'cancelled'
     ),
     refunded as (
       insert into order_refunds (id, organization_id, order_id, status, amount, currency, actor_id, actor_type, cap_day, created_at, undo_until, paid_out_at)
       select gen_random_uuid(), $1, order_id, 'paid_out', amount, 'EUR', 'staff-' || (n % 20), 'user', to_char(created_at + interval '1 day', 'YYYY-MM-DD'),
         created_at + interval '1 day', created_at + interval '1 day 15 minutes', created_at + interval '1 day 15 minutes'
       from picked where n % 25 = 0
       returning id, order_id, amount
     ),
     lined as (
       insert into order_refund_lines (refund_id, organization_id, line_item_id, quantity, amount)
       select r.id, $1, p.line_id, 1, r.amount from refunded r join picked p on p.order_id = r.order_id
       returning line_item_id
     )
     update order_lines set refunded_quantity = 1 where id in (select line_item_id from lined)`,
    [organizationId],
  );
  const warehouses = await client.query<{ id: string }>(
    `insert into inventory_warehouses (id, organization_id, name, code) select gen_random_uuid(), $1, 'Warehouse ' || w, 'w' || w from generate_series(1, 2) as w returning id`,
    [organizationId],
  );
  const [first, second] = warehouses.rows.map((row) => row.id);
  // Restocks every two months and one sale adjustment per line (odd products ship from the second
  // warehouse), with on_hand_after as the running sum per warehouse and product.
  await client.query(
    `insert into inventory_adjustments (id, organization_id, warehouse_id, entity_id, variant_id, type, quantity, on_hand_after, actor_id, created_at)
     select gen_random_uuid(), $1, warehouse_id, entity_id, null, type, quantity,
       sum(quantity) over (partition by warehouse_id, entity_id order by created_at, type rows unbounded preceding), null, created_at
     from (
       select case when p.n % 2 = 0 then $2::uuid else $3::uuid end as warehouse_id, p.entity_id, 'restock' as type, 60 as quantity,
         now() - make_interval(days => 366 - r * 61) as created_at
       from products p cross join generate_series(0, 5) as r
       union all
       select case when p.n % 2 = 0 then $2::uuid else $3::uuid end, ol.entity_id, 'sale', -ol.quantity, ol.created_at
       from order_lines ol join products p on p.entity_id = ol.entity_id
       where ol.organization_id = $1
     ) moves`,
    [organizationId, first, second],
  );
  await client.query(
    `insert into inventory_levels (id, organization_id, warehouse_id, entity_id, variant_id, on_hand, reserved)
     select gen_random_uuid(), $1, warehouse_id, entity_id, null, greatest(on_hand_after, 0), least(greatest(on_hand_after, 0), 2)
     from (select distinct on (warehouse_id, entity_id) warehouse_id, entity_id, on_hand_after
           from inventory_adjustments where organization_id = $1 order by warehouse_id, entity_id, created_at desc) last`,
    [organizationId],
  );
  await client.query(
    `insert into settings_groups (organization_id, group_name, value) values ($1, 'general', '{"timezone": "Europe/Paris", "currency": "EUR"}')`,
    [organizationId],
  );
  await client.query("drop table products");
}

const TABLES = [
  "orders",
  "order_lines",
  "order_refunds",
  "order_refund_lines",
  "inventory_adjustments",
  "inventory_levels",
];

async function readCounts(client: pg.Client): Promise<AnalyticsSeed> {
  return {
    orders: await count(client, "orders"),
    lines: await count(client, "order_lines"),
    refunds: await count(client, "order_refunds"),
    adjustments: await count(client, "inventory_adjustments"),
    levels: await count(client, "inventory_levels"),
  };
}

/**
 * The counts of a seed already in the schema, or null when there is none (or another size): lets
 * `ANALYTICS_BENCH_REUSE=1` skip the minute of seeding between runs of the same data.
 */
export async function readSeed(): Promise<AnalyticsSeed | null> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  try {
    const exists = await client.query(
      `select 1 from information_schema.tables where table_schema = '${ANALYTICS_SCHEMA}' and table_name = 'orders'`,
    );
    if (exists.rowCount === 0) return null;
    await client.query(`set search_path = ${ANALYTICS_SCHEMA}`);
    const seed = await readCounts(client);
    return seed.orders === ANALYTICS_ORDER_COUNT ? seed : null;
  } finally {
    await client.end();
  }
}

/**
 * Vacuums and analyzes the seeded tables: after a reused seed's server has migrated, indexes added since
 * the seed then have their statistics (expression indexes have their own) as a fresh seed's would.
 */
export async function analyzeSeed(): Promise<void> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`set search_path = ${ANALYTICS_SCHEMA}`);
    for (const table of TABLES) await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}

export async function seedAnalytics(): Promise<AnalyticsSeed> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${ANALYTICS_SCHEMA} cascade`);
    const kernel = await createKernel({
      logLevel: "silent",
      database: { url: benchDatabaseUrl(), schema: ANALYTICS_SCHEMA, poolSize: 2 },
    });
    await kernel.close();
    await client.query(`set search_path = ${ANALYTICS_SCHEMA}`);
    await client.query("begin");
    await seedStore(client, "default", ANALYTICS_ORDER_COUNT);
    await seedStore(client, "other-store", 1000);
    await client.query("commit");
    // As autovacuum would have by now on live tables.
    for (const table of TABLES) await client.query(`vacuum analyze ${table}`);
    return await readCounts(client);
  } finally {
    await client.end();
  }
}
