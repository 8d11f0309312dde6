import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";
import { stockAsOf, variantKey } from "./stock-as-of.js";

/**
 * Stock on hand aged by when it was received, first in first out: what remains of a warehouse's stock
 * is its most recent receipts (the older ones sold first).
 */
export const inventoryAgingReport: ReportDefinition = {
  name: "inventory-aging",
  title: "Inventory aging",
  description: [
    "Stock on hand at the end of `date` per warehouse, product and variant, split by age. Receipts are the positive",
    "adjustments (restock, return, positive correction); the stock on hand is taken to be the latest receipts (first",
    "in, first out), and a unit's age is `date` minus the store day it was received. Stock no recorded receipt",
    "accounts for is `unattributed`.",
  ].join(" "),
  period: "day",
  columns: [
    column("warehouseId", "string", "Warehouse id"),
    column("warehouseCode", "string", "Warehouse code"),
    column("entityId", "string", "Product (catalog entity) id"),
    column("variantId", "string", "Variant id, null for a product without variants"),
    column("onHand", "integer", "Units on hand at the end of `date`"),
    column("days0To30", "integer", "Units received 0 to 30 days before `date`"),
    column("days31To60", "integer", "Units received 31 to 60 days before"),
    column("days61To90", "integer", "Units received 61 to 90 days before"),
    column("daysOver90", "integer", "Units received more than 90 days before"),
    column(
      "unattributed",
      "integer",
      "onHand less the units the receipts account for (stock older than its recorded adjustments)",
    ),
    column("oldestReceiptDate", "date", "Store day of the oldest receipt still on hand"),
    column(
      "lastSaleDate",
      "date",
      "Store day of the last sale from this warehouse on or before `date` (sale adjustments), null if none",
    ),
  ],
  async rows(trx, { organizationId, period: { to, end, timezone }, now }) {
    // One grouped pass: each stock row meets its receipts (newest first, from the partial receipts
    // index, so the window needs no sort) and is aggregated once; its last sale is one index descent
    // on inventory_adjustments_stock_history after the grouping, 2,000 descents for 2,000 rows instead of
    // a grouping of every sale the store made. Joining the aggregated receipts to the stock afterwards
    // (as before) let the planner, misjudging both sides as a handful of rows, compare every pair.
    const remaining = sql`greatest(0, least(r.quantity, s.on_hand - r.newer))`;
    const age = sql`${to}::date - r.received_on`;
    const { rows } = await sql<Record<string, string | number>>`
      with stock as (${stockAsOf(organizationId, end, now)}),
      receipts as (
        select a.warehouse_id, a.entity_id, ${variantKey("a.variant_id")} as variant_key, a.quantity,
          (a.created_at at time zone ${timezone})::date as received_on,
          coalesce(sum(a.quantity) over (
            partition by a.warehouse_id, a.entity_id, ${variantKey("a.variant_id")}
            order by a.created_at desc, a.id desc rows between unbounded preceding and 1 preceding), 0) as newer
        from inventory_adjustments a
        where a.organization_id = ${organizationId} and a.quantity > 0 and a.created_at < ${end}
      ),
      aged as (
        select s.warehouse_id, s.entity_id, s.variant_id, s.variant_key, s.on_hand,
          sum(${remaining}) filter (where ${age} <= 30) as days_0_to_30,
          sum(${remaining}) filter (where ${age} between 31 and 60) as days_31_to_60,
          sum(${remaining}) filter (where ${age} between 61 and 90) as days_61_to_90,
          sum(${remaining}) filter (where ${age} > 90) as days_over_90,
          sum(${remaining}) as attributed,
          min(r.received_on) as oldest_receipt
        from stock s
        left join receipts r on r.warehouse_id = s.warehouse_id and r.entity_id = s.entity_id and r.variant_key = s.variant_key and s.on_hand > r.newer
        where s.on_hand > 0
        group by s.warehouse_id, s.entity_id, s.variant_id, s.variant_key, s.on_hand
      )
      select a.warehouse_id, w.code as warehouse_code, a.entity_id::text as entity_id, a.variant_id::text as variant_id, a.on_hand::bigint as on_hand,
        coalesce(a.days_0_to_30, 0)::bigint as days0_to30, coalesce(a.days_31_to_60, 0)::bigint as days31_to60,
        coalesce(a.days_61_to_90, 0)::bigint as days61_to90, coalesce(a.days_over_90, 0)::bigint as days_over90,
        (a.on_hand - coalesce(a.attributed, 0))::bigint as unattributed,
        to_char(a.oldest_receipt, 'YYYY-MM-DD') as oldest_receipt_date,
        to_char((l.last_sale at time zone ${timezone})::date, 'YYYY-MM-DD') as last_sale_date
      from aged a
      join inventory_warehouses w on w.id = a.warehouse_id and w.organization_id = ${organizationId}
      left join lateral (
        select x.created_at as last_sale
        from inventory_adjustments x
        where x.organization_id = ${organizationId} and x.warehouse_id = a.warehouse_id and x.entity_id = a.entity_id
          and ${variantKey("x.variant_id")} = a.variant_key and x.type = 'sale' and x.created_at < ${end}
        order by x.created_at desc
        limit 1
      ) l on true
      order by w.code, a.entity_id, a.variant_key`.execute(trx);
    return rows;
  },
};
