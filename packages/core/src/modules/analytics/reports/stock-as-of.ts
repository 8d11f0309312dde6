import { sql, type RawBuilder } from "kysely";

/**
 * A key for `variant_id` that joins like a value (null never equals null): products without variants have
 * null. Grouping and DISTINCT ON take the nulls together already, so they use `variant_id` itself.
 */
export const NO_VARIANT = "00000000-0000-0000-0000-000000000000";

/**
 * The stock on hand of each warehouse, product and variant at `cutoff`: the rows `warehouse_id`,
 * `entity_id`, `variant_id`, `variant_key` (NO_VARIANT for null) and `on_hand`. A cutoff still ahead of
 * the database's clock reads today's levels; an earlier one, the stock after the last adjustment before
 * it (every stock movement is an adjustment that records `on_hand_after`).
 */
export function stockAsOf(organizationId: string, cutoff: Date, now: Date): RawBuilder<unknown> {
  if (cutoff > now) {
    return sql`select warehouse_id, entity_id, variant_id, coalesce(variant_id, ${NO_VARIANT}::uuid) as variant_key, on_hand
      from inventory_levels where organization_id = ${organizationId}`;
  }
  return sql`select distinct on (warehouse_id, entity_id, variant_id)
      warehouse_id, entity_id, variant_id, coalesce(variant_id, ${NO_VARIANT}::uuid) as variant_key, on_hand_after as on_hand
    from inventory_adjustments
    where organization_id = ${organizationId} and created_at < ${cutoff}
    order by warehouse_id, entity_id, variant_id, created_at desc, id desc`;
}
