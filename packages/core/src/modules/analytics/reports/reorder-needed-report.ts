import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";
import { NO_VARIANT } from "./stock-as-of.js";
import { unitsSold } from "./units-sold.js";

/**
 * What to order now: the products whose available stock would not last the lead time of a delivery at
 * the recent rate of sales. Inventory keeps no per-product reorder point, so the point is computed.
 */
export const reorderNeededReport: ReportDefinition = {
  name: "reorder-needed",
  title: "Reorder needed",
  description: [
    "Products and variants whose available stock today (on hand - reserved, all warehouses) is at or below their",
    "reorder point = ceil(average daily units sold x leadTimeDays), the average taken over the `lookbackDays` store",
    "days ending on `date`. suggestedQuantity = ceil(average daily units x (leadTimeDays + coverDays)) - available:",
    "enough to last until a delivery arrives and `coverDays` after. Products without sales in the lookback (reorder",
    "point 0) are not listed.",
  ].join(" "),
  period: "day",
  dayParameters: {
    lookbackDays: {
      default: 30,
      description: "Store days of sales, ending on `date`, the daily average is taken over (1 to 365, default 30)",
    },
    leadTimeDays: { default: 14, description: "Days a delivery takes to arrive (1 to 365, default 14)" },
    coverDays: {
      default: 30,
      description: "Days of sales a delivery should cover once it arrives (1 to 365, default 30)",
    },
  },
  columns: [
    column("entityId", "string", "Product (catalog entity) id"),
    column("variantId", "string", "Variant id, null for a product without variants"),
    column("title", "string", "The title it sold under"),
    column("sku", "string", "The SKU it sold under"),
    column("unitsSold", "integer", "Units sold in the lookback (cancelled orders excluded, refunded units deducted)"),
    column("averageDailyUnits", "decimal", "unitsSold / lookbackDays, two decimals"),
    column("onHand", "integer", "Units on hand today, all warehouses"),
    column("reserved", "integer", "Units reserved by carts and orders in progress"),
    column("available", "integer", "onHand - reserved"),
    column("reorderPoint", "integer", "ceil(unitsSold / lookbackDays x leadTimeDays)"),
    column("daysOfStock", "decimal", "available / average daily units: days until it runs out at this rate"),
    column(
      "suggestedQuantity",
      "integer",
      "max(0, ceil(unitsSold / lookbackDays x (leadTimeDays + coverDays)) - available)",
    ),
  ],
  async rows(trx, { organizationId, period: { start, end }, days }) {
    const lookback = days.lookbackDays ?? 30;
    const lead = days.leadTimeDays ?? 14;
    const cover = days.coverDays ?? 30;
    const { rows } = await sql<Record<string, string | number>>`
      with sold as (${unitsSold(organizationId, start, end)}),
      stock as (
        select entity_id, coalesce(variant_id, ${NO_VARIANT}::uuid) as variant_key, sum(on_hand) as on_hand, sum(reserved) as reserved
        from inventory_levels where organization_id = ${organizationId}
        group by entity_id, variant_id
      ),
      needs as (
        select s.entity_id, s.variant_id, s.title, s.sku, s.units_sold,
          coalesce(k.on_hand, 0) as on_hand, coalesce(k.reserved, 0) as reserved, coalesce(k.on_hand - k.reserved, 0) as available,
          ceil(s.units_sold::numeric * ${lead}::int / ${lookback}::int) as reorder_point,
          ceil(s.units_sold::numeric * (${lead}::int + ${cover}::int) / ${lookback}::int) as target
        from sold s left join stock k on k.entity_id = s.entity_id and k.variant_key = s.variant_key
        where s.units_sold > 0
      )
      select entity_id::text as entity_id, variant_id::text as variant_id, title, sku, units_sold::bigint as units_sold,
        round(units_sold::numeric / ${lookback}::int, 2)::float8 as average_daily_units,
        on_hand::bigint as on_hand, reserved::bigint as reserved, available::bigint as available, reorder_point::bigint as reorder_point,
        round(available::numeric * ${lookback}::int / units_sold, 2)::float8 as days_of_stock,
        greatest(0, target - available)::bigint as suggested_quantity
      from needs
      where available <= reorder_point
      order by days_of_stock, entity_id, variant_id nulls first`.execute(trx);
    return rows;
  },
};
