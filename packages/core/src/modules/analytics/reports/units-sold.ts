import { sql, type RawBuilder } from "kysely";
import { variantKey } from "./stock-as-of.js";
import { linesOfOrders } from "./lines-of-orders.js";

/**
 * Units sold per product and variant by orders placed in `[start, end)`: the rows `entity_id`,
 * `variant_id`, `variant_key`, `title`, `sku` and `units_sold` = quantity - refunded quantity of the
 * lines of orders that are not cancelled. A line's refunded quantity is today's, whenever it was refunded.
 */
export function unitsSold(organizationId: string, start: Date, end: Date): RawBuilder<unknown> {
  return sql`select ol.entity_id, ol.variant_id, ${variantKey("ol.variant_id")} as variant_key,
      max(ol.title) as title, max(ol.sku) as sku, sum(ol.quantity - ol.refunded_quantity) as units_sold
    from ${linesOfOrders({ organizationId, start, end, columns: ["entity_id", "variant_id", "title", "sku", "quantity", "refunded_quantity"] })}
    group by ol.entity_id, ol.variant_id`;
}
