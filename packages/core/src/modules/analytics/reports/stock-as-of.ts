import { sql, type RawBuilder } from "kysely";

/**
 * A key for `variant_id` that joins like a value (null never equals null): products without variants have
 * null. Grouping and DISTINCT ON take the nulls together already, so they use `variant_id` itself.
 */
export const NO_VARIANT = "00000000-0000-0000-0000-000000000000";

/**
 * `coalesce(<column>, NO_VARIANT)` with the nil uuid written as a literal, not a bound parameter: the
 * inventory adjustments' analytics indexes are built on exactly this expression, and the planner only
 * matches an index expression it can see whole.
 */
export const variantKey = (column: string): RawBuilder<string> =>
  sql<string>`coalesce(${sql.ref(column)}, ${sql.lit(NO_VARIANT)}::uuid)`;

/**
 * The stock on hand of each warehouse, product and variant at `cutoff`: the rows `warehouse_id`,
 * `entity_id`, `variant_id`, `variant_key` (NO_VARIANT for null) and `on_hand`. A cutoff still ahead of
 * the database's clock reads today's levels; an earlier one, the stock after the last adjustment before
 * it (every stock movement is an adjustment that records `on_hand_after`).
 *
 * The past is read as a skip scan over `inventory_adjustments_stock_history` (warehouse, product,
 * variant key, newest first): each step descends the index once to the next key's last adjustment
 * before the cutoff, so the work grows with the number of keys, not with the history (a DISTINCT ON
 * sorted every adjustment of the store: see bench/results/analytics.md).
 */
export function stockAsOf(organizationId: string, cutoff: Date, now: Date): RawBuilder<unknown> {
  if (cutoff > now) {
    return sql`select warehouse_id, entity_id, variant_id, ${variantKey("variant_id")} as variant_key, on_hand
      from inventory_levels where organization_id = ${organizationId}`;
  }
  const key = variantKey("a.variant_id");
  const latestAfter = (
    after: RawBuilder<unknown> | null,
  ) => sql`select a.warehouse_id, a.entity_id, a.variant_id, ${key} as variant_key, a.on_hand_after
      from inventory_adjustments a
      where a.organization_id = ${organizationId} and a.created_at < ${cutoff}${after ? sql` and (a.warehouse_id, a.entity_id, ${key}) > ${after}` : sql``}
      order by a.warehouse_id, a.entity_id, ${key}, a.created_at desc, a.id desc
      limit 1`;
  return sql`with recursive latest as (
      (${latestAfter(null)})
      union all
      select step.warehouse_id, step.entity_id, step.variant_id, step.variant_key, step.on_hand_after
      from latest cross join lateral (${latestAfter(sql`(latest.warehouse_id, latest.entity_id, latest.variant_key)`)}) step
    )
    select warehouse_id, entity_id, variant_id, variant_key, on_hand_after as on_hand from latest`;
}
