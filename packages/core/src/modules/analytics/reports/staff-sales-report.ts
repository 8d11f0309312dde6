import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";

/** Sales and refunds per person or key that placed the orders and issued the refunds. */
export const staffSalesReport: ReportDefinition = {
  name: "staff-sales",
  title: "Staff sales",
  description: [
    "Per currency and actor: the orders they placed in the period (cancelled ones excluded) and the refunds they",
    "issued in it (undone ones excluded), net = total - refundedAmount. The actor of an order placed through a",
    "user-bound API key (a till's shift key) is that user, as for refunds; orders placed anonymously, or before orders",
    "recorded who placed them, are on the row whose actorId is null.",
  ].join(" "),
  period: "range",
  columns: [
    column("currency", "string", "ISO 4217 code; every money column of the row is in its minor units"),
    column("actorType", "string", "user, apiKey or system; null for orders nobody signed in placed"),
    column("actorId", "string", "The user or API key id; null for orders nobody signed in placed"),
    column("orders", "integer", "Orders placed in the period, cancelled ones excluded"),
    column("total", "money", "Sum of their totals"),
    column("refunds", "integer", "Refunds issued in the period, undone ones excluded"),
    column("refundedAmount", "money", "Sum of their amounts"),
    column("net", "money", "total - refundedAmount"),
  ],
  async rows(trx, { organizationId, period: { start, end } }) {
    // Null actors are keyed '' so that the full join can match them (null never equals null).
    const { rows } = await sql<Record<string, string | number>>`
      with placed as (
        select currency, coalesce(placed_by_type, '') as actor_type, coalesce(placed_by_id, '') as actor_id, count(*) as orders, sum(total) as total
        from orders
        where organization_id = ${organizationId} and status <> 'cancelled' and created_at >= ${start} and created_at < ${end}
        group by currency, coalesce(placed_by_type, ''), coalesce(placed_by_id, '')
      ),
      refunded as (
        select currency, actor_type, actor_id, count(*) as refunds, sum(amount) as refunded_amount
        from order_refunds
        where organization_id = ${organizationId} and status <> 'undone' and created_at >= ${start} and created_at < ${end}
        group by currency, actor_type, actor_id
      )
      select coalesce(p.currency, r.currency) as currency,
        nullif(coalesce(p.actor_type, r.actor_type), '') as actor_type, nullif(coalesce(p.actor_id, r.actor_id), '') as actor_id,
        coalesce(p.orders, 0)::bigint as orders, coalesce(p.total, 0)::bigint as total,
        coalesce(r.refunds, 0)::bigint as refunds, coalesce(r.refunded_amount, 0)::bigint as refunded_amount,
        (coalesce(p.total, 0) - coalesce(r.refunded_amount, 0))::bigint as net
      from placed p full join refunded r on r.currency = p.currency and r.actor_type = p.actor_type and r.actor_id = p.actor_id
      order by 1, (coalesce(p.total, 0) - coalesce(r.refunded_amount, 0)) desc, 2 nulls last, 3 nulls last`.execute(
      trx,
    );
    return rows;
  },
};
