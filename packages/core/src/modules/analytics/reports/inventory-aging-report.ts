import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";
import { NO_VARIANT, stockAsOf } from "./stock-as-of.js";

/**
 * Stock on hand aged by when it was received, first in first out: what remains of a warehouse's stock
 * is its most recent receipts (the older ones sold first).
 */
export const inventoryAgingReport: ReportDefinition = {
  name: "inventory-aging",
  title: "Inventory aging",
  description:
    "Stock on hand at the end of `date` per warehouse, product and variant, split by age. Receipts are the positive adjustments (restock, return, positive correction); the stock on hand is taken to be the latest receipts (first in, first out), and a unit's age is `date` minus the store day it was received. Stock no recorded receipt accounts for is `unattributed`.",
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
    column("unattributed", "integer", "onHand less the units the receipts account for (stock older than its recorded adjustments)"),
    column("oldestReceiptDate", "date", "Store day of the oldest receipt still on hand"),
    column("lastSaleDate", "date", "Store day of the last sale from this warehouse on or before `date` (sale adjustments), null if none"),
  ],
  async rows(trx, { organizationId, period: { to, end, timezone }, now }) {
    const { rows } = await sql<Record<string, string | number>>`
      with stock as (${stockAsOf(organizationId, end, now)}),
      receipts as (
        select a.warehouse_id, a.entity_id, coalesce(a.variant_id, ${NO_VARIANT}::uuid) as variant_key, a.quantity,
          (a.created_at at time zone ${timezone})::date as received_on,
          coalesce(sum(a.quantity) over (
            partition by a.warehouse_id, a.entity_id, a.variant_id
            order by a.created_at desc, a.id desc rows between unbounded preceding and 1 preceding), 0) as newer
        from inventory_adjustments a
        where a.organization_id = ${organizationId} and a.quantity > 0 and a.created_at < ${end}
      ),
      layers as (
        select r.warehouse_id, r.entity_id, r.variant_key, r.received_on, ${to}::date - r.received_on as age,
          greatest(0, least(r.quantity, s.on_hand - r.newer)) as remaining
        from receipts r
        join stock s on s.warehouse_id = r.warehouse_id and s.entity_id = r.entity_id and s.variant_key = r.variant_key
        where s.on_hand > r.newer
      ),
      aged as (
        select warehouse_id, entity_id, variant_key,
          sum(remaining) filter (where age <= 30) as days_0_to_30,
          sum(remaining) filter (where age between 31 and 60) as days_31_to_60,
          sum(remaining) filter (where age between 61 and 90) as days_61_to_90,
          sum(remaining) filter (where age > 90) as days_over_90,
          sum(remaining) as attributed,
          min(received_on) as oldest_receipt
        from layers
        group by warehouse_id, entity_id, variant_key
      ),
      sales as (
        select warehouse_id, entity_id, coalesce(variant_id, ${NO_VARIANT}::uuid) as variant_key, max(created_at) as last_sale
        from inventory_adjustments
        where organization_id = ${organizationId} and type = 'sale' and created_at < ${end}
        group by warehouse_id, entity_id, variant_id
      )
      select s.warehouse_id, w.code as warehouse_code, s.entity_id::text as entity_id, s.variant_id::text as variant_id, s.on_hand::bigint as on_hand,
        coalesce(a.days_0_to_30, 0)::bigint as days0_to30, coalesce(a.days_31_to_60, 0)::bigint as days31_to60,
        coalesce(a.days_61_to_90, 0)::bigint as days61_to90, coalesce(a.days_over_90, 0)::bigint as days_over90,
        (s.on_hand - coalesce(a.attributed, 0))::bigint as unattributed,
        to_char(a.oldest_receipt, 'YYYY-MM-DD') as oldest_receipt_date,
        to_char((l.last_sale at time zone ${timezone})::date, 'YYYY-MM-DD') as last_sale_date
      from stock s
      join inventory_warehouses w on w.id = s.warehouse_id and w.organization_id = ${organizationId}
      left join aged a on a.warehouse_id = s.warehouse_id and a.entity_id = s.entity_id and a.variant_key = s.variant_key
      left join sales l on l.warehouse_id = s.warehouse_id and l.entity_id = s.entity_id and l.variant_key = s.variant_key
      where s.on_hand > 0
      order by w.code, s.entity_id, s.variant_key`.execute(trx);
    return rows;
  },
};
