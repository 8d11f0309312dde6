import { sql, type RawBuilder } from "kysely";
import { linesOfOrders } from "./lines-of-orders.js";

type Range = readonly [start: Date, end: Date];

/** How `[start, end)` is read: whole UTC months and whole UTC days from the rollups, order lines for the rest. */
export interface PeriodPieces {
  months: Range | null;
  days: Range[];
  lines: Range[];
}

const DAY_MS = 86_400_000;
const dayFloor = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const dayCeil = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);
const monthFloor = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const monthCeil = (at: Date) => {
  const floor = monthFloor(at);
  return floor.getTime() === at.getTime() ? floor : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
};
const nonEmpty = (ranges: Range[]): Range[] => ranges.filter(([from, to]) => from < to);

/**
 * Splits a period into the UTC months and days it covers whole (the rollups' buckets) and the pieces at
 * either end that it covers in part (read from order lines: less than a day each, whatever the store's
 * time zone).
 */
export function periodPieces(start: Date, end: Date): PeriodPieces {
  const firstDay = dayCeil(start);
  const lastDay = dayFloor(end);
  if (firstDay >= lastDay) return { months: null, days: [], lines: nonEmpty([[start, end]]) };
  const lines = nonEmpty([
    [start, firstDay],
    [lastDay, end],
  ]);
  const firstMonth = monthCeil(firstDay);
  const lastMonth = monthFloor(lastDay);
  if (firstMonth >= lastMonth) return { months: null, days: [[firstDay, lastDay]], lines };
  return {
    months: [firstMonth, lastMonth],
    days: nonEmpty([
      [firstDay, firstMonth],
      [lastMonth, lastDay],
    ]),
    lines,
  };
}

/** Rollup rows of `table` for the organization whose buckets the pieces cover whole. */
function rollupBuckets(organizationId: string, pieces: PeriodPieces): RawBuilder<boolean> {
  const covered = [
    ...(pieces.months
      ? [sql`(grain = 'month' and bucket >= ${pieces.months[0]} and bucket < ${pieces.months[1]})`]
      : []),
    ...pieces.days.map(([from, to]) => sql`(grain = 'day' and bucket >= ${from} and bucket < ${to})`),
  ];
  return sql<boolean>`organization_id = ${organizationId} and (${covered.length > 0 ? sql.join(covered, sql` or `) : sql`false`})`;
}

const unionAll = (parts: RawBuilder<unknown>[]): RawBuilder<unknown> =>
  parts.length === 0
    ? sql``
    : sql.join(
        parts.map((part) => sql`union all ${part}`),
        sql` `,
      );

/**
 * The lines of orders placed in `[start, end)`, cancelled ones excluded, summed per currency and tax
 * rate: the rows `currency`, `tax_rate_bps`, `lines`, `taxable_base` (total - tax) and `tax`, from the
 * orders module's `order_sales_rollup` for the whole UTC days and months of the period.
 */
export function salesByRate(organizationId: string, start: Date, end: Date): RawBuilder<unknown> {
  const pieces = periodPieces(start, end);
  const fromLines = pieces.lines.map(
    ([from, to]) => sql`select o.currency, ol.tax_rate_bps, 1 as lines, ol.total - ol.tax as taxable_base, ol.tax
      from ${linesOfOrders({ organizationId, start: from, end: to, columns: ["tax_rate_bps", "total", "tax"] })}`,
  );
  return sql`select currency, tax_rate_bps, sum(lines) as lines, sum(taxable_base) as taxable_base, sum(tax) as tax
    from (
      select currency, tax_rate_bps, lines, taxable_base, tax from order_sales_rollup where ${rollupBuckets(organizationId, pieces)}
      ${unionAll(fromLines)}
    ) pieces
    group by currency, tax_rate_bps
    having sum(lines) > 0`;
}

/**
 * The same lines per product and variant: the rows `entity_id`, `variant_id`, `title`, `sku` (the
 * greatest it sold under) and `units` (quantity - refunded quantity), from `order_units_rollup` for the
 * whole UTC days and months of the period. A line's refunded quantity is today's, whenever it was refunded.
 */
export function unitsByProduct(organizationId: string, start: Date, end: Date): RawBuilder<unknown> {
  const pieces = periodPieces(start, end);
  const fromLines = pieces.lines.map(
    ([
      from,
      to,
    ]) => sql`select ol.entity_id, ol.variant_id, ol.title, ol.sku, 1 as lines, ol.quantity - ol.refunded_quantity as units
      from ${linesOfOrders({ organizationId, start: from, end: to, columns: ["entity_id", "variant_id", "title", "sku", "quantity", "refunded_quantity"] })}`,
  );
  return sql`select entity_id, variant_id, max(title) as title, max(sku) as sku, sum(units) as units
    from (
      select entity_id, variant_id, title, sku, lines, units from order_units_rollup where ${rollupBuckets(organizationId, pieces)}
      ${unionAll(fromLines)}
    ) pieces
    group by entity_id, variant_id
    having sum(lines) > 0`;
}
