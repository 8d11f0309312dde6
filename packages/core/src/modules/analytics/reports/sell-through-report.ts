import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";
import { stockAsOf } from "./stock-as-of.js";
import { unitsSold } from "./units-sold.js";

/** How much of what was available over a period sold, per product and variant. */
export const sellThroughReport: ReportDefinition = {
  name: "sell-through",
  title: "Sell-through",
  description: [
    "Per product and variant sold in the period or in stock at its end: units sold (lines of orders placed in the",
    "period, cancelled orders excluded, less the units refunded), units on hand at the end of `to` in every warehouse,",
    "and sell-through % = unitsSold / (unitsSold + onHand) x 100.",
  ].join(" "),
  period: "range",
  columns: [
    column("entityId", "string", "Product (catalog entity) id"),
    column("variantId", "string", "Variant id, null for a product without variants"),
    column("title", "string", "The title the product sold under (null when it did not sell in the period)"),
    column("sku", "string", "The SKU it sold under"),
    column("unitsSold", "integer", "Units ordered in the period less those refunded, cancelled orders excluded"),
    column("onHand", "integer", "Units on hand at the end of `to`, all warehouses"),
    column("sellThrough", "percent", "unitsSold / (unitsSold + onHand) x 100, two decimals"),
  ],
  async rows(trx, { organizationId, period: { start, end }, now }) {
    const { rows } = await sql<Record<string, string | number>>`
      with sold as (${unitsSold(organizationId, start, end)}),
      stock as (
        select entity_id, variant_id, variant_key, sum(on_hand) as on_hand
        from (${stockAsOf(organizationId, end, now)}) levels
        group by entity_id, variant_id, variant_key
      ),
      joined as (
        select coalesce(s.entity_id, k.entity_id) as entity_id, coalesce(s.variant_id, k.variant_id) as variant_id,
          s.title, s.sku, coalesce(s.units_sold, 0) as units_sold, coalesce(k.on_hand, 0) as on_hand
        from sold s full join stock k on k.entity_id = s.entity_id and k.variant_key = s.variant_key
      )
      select entity_id::text as entity_id, variant_id::text as variant_id, title, sku, units_sold::bigint as units_sold, on_hand::bigint as on_hand,
        round(100.0 * units_sold / (units_sold + on_hand), 2)::float8 as sell_through
      from joined
      where units_sold + on_hand > 0
      order by sell_through desc, units_sold desc, entity_id, variant_id nulls first`.execute(trx);
    return rows;
  },
};
