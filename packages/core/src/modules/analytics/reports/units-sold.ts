import { sql, type RawBuilder } from "kysely";
import { NO_VARIANT } from "./stock-as-of.js";

/**
 * Units sold per product and variant by orders placed in `[start, end)`: the rows `entity_id`,
 * `variant_id`, `variant_key`, `title`, `sku` and `units_sold` = quantity - refunded quantity of the
 * lines of orders that are not cancelled. A line's refunded quantity is today's, whenever it was refunded.
 */
export function unitsSold(organizationId: string, start: Date, end: Date): RawBuilder<unknown> {
  return sql`select ol.entity_id, ol.variant_id, coalesce(ol.variant_id, ${NO_VARIANT}::uuid) as variant_key,
      max(ol.title) as title, max(ol.sku) as sku, sum(ol.quantity - ol.refunded_quantity) as units_sold
    from orders o
    join order_lines ol on ol.order_id = o.id and ol.organization_id = ${organizationId}
    where o.organization_id = ${organizationId} and o.status <> 'cancelled' and o.created_at >= ${start} and o.created_at < ${end}
    group by ol.entity_id, ol.variant_id`;
}
