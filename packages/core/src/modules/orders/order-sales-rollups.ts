import { sql, type Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";

/**
 * Sales rolled up per UTC day and UTC month, so that a report over a year reads a few thousand rows
 * instead of every order line of the year (the analytics reports' tax summary and units sold:
 * `analytics/reports/sales-rollups.ts`).
 *
 * - `order_sales_rollup`: per currency and tax rate, the lines, their taxable base (total - tax) and tax.
 * - `order_units_rollup`: per product and variant, the lines and the units sold (quantity - refunded).
 *
 * Both count the lines of orders that are not cancelled, bucketed by the order's `created_at`. Triggers
 * keep them exact in the writing transaction, whatever writes (checkout, a refund or its undo, a
 * cancellation, a back-dated import): each change appends signed delta rows, `folded = false`. Appending
 * takes no row lock, so a refund or a cancellation never waits for a checkout's rows or deadlocks with it;
 * `compactSalesRollups` folds the deltas into one row per bucket and key every ten minutes.
 *
 * UTC buckets, not the store's days: a report's period is a range of instants in the store's time zone,
 * read as whole UTC months, then whole UTC days, then order lines for the remainder at either end, so a
 * change of time zone never makes a rollup stale.
 */
export const SALES_ROLLUPS_MIGRATION = [
  `create table order_sales_rollup (
    organization_id text not null,
    grain text not null check (grain in ('day', 'month')),
    bucket timestamptz not null,
    currency text not null,
    tax_rate_bps integer not null,
    lines bigint not null,
    taxable_base bigint not null,
    tax bigint not null,
    folded boolean not null default false
  )`,
  `create index order_sales_rollup_bucket on order_sales_rollup (organization_id, grain, bucket)
    include (currency, tax_rate_bps, lines, taxable_base, tax)`,
  `create index order_sales_rollup_deltas on order_sales_rollup (organization_id) where not folded`,
  `create table order_units_rollup (
    organization_id text not null,
    grain text not null check (grain in ('day', 'month')),
    bucket timestamptz not null,
    entity_id uuid not null,
    variant_id uuid,
    title text not null,
    sku text,
    lines bigint not null,
    units bigint not null,
    folded boolean not null default false
  )`,
  `create index order_units_rollup_bucket on order_units_rollup (organization_id, grain, bucket)
    include (entity_id, variant_id, title, sku, lines, units)`,
  `create index order_units_rollup_deltas on order_units_rollup (organization_id) where not folded`,
  // Lines inserted, changed (refunded quantities; a fulfilment's change sums to nothing and writes no row)
  // or deleted, while their order counts.
  `create function order_sales_rollup_lines() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${appendDeltas(`select o.organization_id, o.created_at, o.currency, l.tax_rate_bps, l.total, l.tax, l.entity_id, l.variant_id, l.title, l.sku,
          l.quantity - l.refunded_quantity as units, 1 as sign
        from new_rows l join orders o on o.id = l.order_id where o.status <> 'cancelled'`)}
    elsif tg_op = 'DELETE' then
      ${appendDeltas(`select o.organization_id, o.created_at, o.currency, l.tax_rate_bps, l.total, l.tax, l.entity_id, l.variant_id, l.title, l.sku,
          l.quantity - l.refunded_quantity as units, -1 as sign
        from old_rows l join orders o on o.id = l.order_id where o.status <> 'cancelled'`)}
    else
      ${appendDeltas(`select o.organization_id, o.created_at, o.currency, l.tax_rate_bps, l.total, l.tax, l.entity_id, l.variant_id, l.title, l.sku,
          l.quantity - l.refunded_quantity as units, l.sign
        from (select *, -1 as sign from old_rows union all select *, 1 as sign from new_rows) l
        join orders o on o.id = l.order_id where o.status <> 'cancelled'`)}
    end if;
    return null;
  end
  $$`,
  `create trigger order_lines_sales_rollup_insert after insert on order_lines referencing new table as new_rows
    for each statement execute function order_sales_rollup_lines()`,
  `create trigger order_lines_sales_rollup_update after update on order_lines referencing old table as old_rows new table as new_rows
    for each statement execute function order_sales_rollup_lines()`,
  `create trigger order_lines_sales_rollup_delete after delete on order_lines referencing old table as old_rows
    for each statement execute function order_sales_rollup_lines()`,
  // Orders cancelled (or back), back-dated or re-priced in another currency move all their lines; other
  // moves (confirmed, fulfilled...) match no row of \`moved\` and write nothing.
  `create function order_sales_rollup_orders() returns trigger language plpgsql as $$
  begin
    ${appendDeltas(`with moved as (
        select o.id, o.organization_id, o.created_at as old_at, o.currency as old_currency, o.status <> 'cancelled' as old_counts,
          n.created_at as new_at, n.currency as new_currency, n.status <> 'cancelled' as new_counts
        from old_rows o join new_rows n on n.id = o.id
        where (o.status <> 'cancelled') <> (n.status <> 'cancelled') or o.created_at <> n.created_at or o.currency <> n.currency
      ),
      sides as (
        select id, organization_id, old_at as created_at, old_currency as currency, -1 as sign from moved where old_counts
        union all
        select id, organization_id, new_at, new_currency, 1 from moved where new_counts
      )
      select s.organization_id, s.created_at, s.currency, l.tax_rate_bps, l.total, l.tax, l.entity_id, l.variant_id, l.title, l.sku,
        l.quantity - l.refunded_quantity as units, s.sign
      from sides s join order_lines l on l.order_id = s.id`)}
    return null;
  end
  $$`,
  `create trigger orders_sales_rollup_update after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function order_sales_rollup_orders()`,
  // An order deleted takes its lines with it (on delete cascade), when its row can no longer be joined.
  `create function order_sales_rollup_order_deleted() returns trigger language plpgsql as $$
  begin
    ${appendDeltas(`select o.organization_id, o.created_at, o.currency, l.tax_rate_bps, l.total, l.tax, l.entity_id, l.variant_id, l.title, l.sku,
        l.quantity - l.refunded_quantity as units, -1 as sign
      from order_lines l join orders o on o.id = l.order_id where o.id = old.id and o.status <> 'cancelled'`)}
    return old;
  end
  $$`,
  `create trigger orders_sales_rollup_delete before delete on orders for each row execute function order_sales_rollup_order_deleted()`,
  // Stores that sold before this migration: their history, folded.
  `${appendDeltas(
    `select o.organization_id, o.created_at, o.currency, l.tax_rate_bps, l.total, l.tax, l.entity_id, l.variant_id, l.title, l.sku,
      l.quantity - l.refunded_quantity as units, 1 as sign
    from order_lines l join orders o on o.id = l.order_id where o.status <> 'cancelled'`,
    true,
  )}`,
];

/**
 * One statement appending the signed deltas of `changes` (rows of organization_id, created_at, currency,
 * tax_rate_bps, total, tax, entity_id, variant_id, title, sku, units and sign +1/-1) to both rollups, at
 * both grains. Keys whose deltas cancel out (a fulfilment, a refund's change to the sales) write no row.
 */
function appendDeltas(changes: string, folded = false): string {
  const at = (grain: string) => `date_trunc(${grain}, d.created_at, 'UTC')`;
  return `with changes as (${changes}),
      grains (grain) as (values ('day'), ('month')),
      sales as (
        insert into order_sales_rollup (organization_id, grain, bucket, currency, tax_rate_bps, lines, taxable_base, tax, folded)
        select d.organization_id, g.grain, ${at("g.grain")}, d.currency, d.tax_rate_bps, sum(d.sign), sum(d.sign * (d.total - d.tax)), sum(d.sign * d.tax), ${folded}
        from changes d cross join grains g
        group by d.organization_id, g.grain, ${at("g.grain")}, d.currency, d.tax_rate_bps
        having sum(d.sign) <> 0 or sum(d.sign * (d.total - d.tax)) <> 0 or sum(d.sign * d.tax) <> 0
      )
    insert into order_units_rollup (organization_id, grain, bucket, entity_id, variant_id, title, sku, lines, units, folded)
    select d.organization_id, g.grain, ${at("g.grain")}, d.entity_id, d.variant_id, max(d.title), max(d.sku), sum(d.sign), sum(d.sign * d.units), ${folded}
    from changes d cross join grains g
    group by d.organization_id, g.grain, ${at("g.grain")}, d.entity_id, d.variant_id
    having sum(d.sign) <> 0 or sum(d.sign * d.units) <> 0;`;
}

/**
 * Folds the rollups' delta rows, every organization's, into one row per bucket and key (with the folded
 * row already there). Each table in one statement: it deletes the deltas its snapshot sees and the folded
 * rows of the keys they touch, and writes their sums; deltas committed meanwhile stay for the next run,
 * so every sum stays exact. Run one at a time (the task's concurrency key). Answers the deltas folded.
 */
export async function compactSalesRollups(db: Kysely<CoreTables>): Promise<number> {
  const sales = await sql<{ folded: number }>`
    with deltas as (delete from order_sales_rollup where not folded returning *),
    keys as (select distinct organization_id, grain, bucket, currency, tax_rate_bps from deltas),
    earlier as (
      delete from order_sales_rollup r using keys k
      where r.folded and r.organization_id = k.organization_id and r.grain = k.grain and r.bucket = k.bucket
        and r.currency = k.currency and r.tax_rate_bps = k.tax_rate_bps
      returning r.*
    ),
    kept as (
      insert into order_sales_rollup (organization_id, grain, bucket, currency, tax_rate_bps, lines, taxable_base, tax, folded)
      select organization_id, grain, bucket, currency, tax_rate_bps, sum(lines), sum(taxable_base), sum(tax), true
      from (select * from deltas union all select * from earlier) rows
      group by organization_id, grain, bucket, currency, tax_rate_bps
      having sum(lines) <> 0 or sum(taxable_base) <> 0 or sum(tax) <> 0
    )
    select count(*)::int as folded from deltas`.execute(db);
  const units = await sql<{ folded: number }>`
    with deltas as (delete from order_units_rollup where not folded returning *),
    keys as (select distinct organization_id, grain, bucket, entity_id, variant_id from deltas),
    earlier as (
      delete from order_units_rollup r using keys k
      where r.folded and r.organization_id = k.organization_id and r.grain = k.grain and r.bucket = k.bucket
        and r.entity_id = k.entity_id and r.variant_id is not distinct from k.variant_id
      returning r.*
    ),
    kept as (
      insert into order_units_rollup (organization_id, grain, bucket, entity_id, variant_id, title, sku, lines, units, folded)
      select organization_id, grain, bucket, entity_id, variant_id, max(title), max(sku), sum(lines), sum(units), true
      from (select * from deltas union all select * from earlier) rows
      group by organization_id, grain, bucket, entity_id, variant_id
      having sum(lines) <> 0 or sum(units) <> 0
    )
    select count(*)::int as folded from deltas`.execute(db);
  return (sales.rows[0]?.folded ?? 0) + (units.rows[0]?.folded ?? 0);
}
