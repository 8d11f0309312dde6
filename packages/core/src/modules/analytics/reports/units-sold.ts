import { sql, type RawBuilder } from "kysely";
import { variantKey } from "./stock-as-of.js";
import { unitsByProduct } from "./sales-rollups.js";

/**
 * Units sold per product and variant by orders placed in `[start, end)`: the rows `entity_id`,
 * `variant_id`, `variant_key`, `title`, `sku` and `units_sold` = quantity - refunded quantity of the
 * lines of orders that are not cancelled (`unitsByProduct`: the sales rollups and the period's edges).
 */
export function unitsSold(organizationId: string, start: Date, end: Date): RawBuilder<unknown> {
  return sql`select entity_id, variant_id, ${variantKey("variant_id")} as variant_key, title, sku, units as units_sold
    from (${unitsByProduct(organizationId, start, end)}) sold`;
}
