import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";
import { refundShippingTaxShare, refundTaxShare } from "./refund-tax-share.js";

/** The day's sales journal per currency and payment method: orders placed, refunds issued, net. */
export const dailyJournalReport: ReportDefinition = {
  name: "daily-journal",
  title: "Daily journal",
  description: [
    "One store day per currency and payment method: orders placed that day (cancelled ones apart), refunds issued that",
    "day (whatever day their order was placed; undone refunds left out) and net = total - refunded amount. Shipping",
    "is shown apart (`shipping`, `shippingTax`, `refundedShipping`) and is part of total and the refunded amount.",
  ].join(" "),
  period: "day",
  columns: [
    column("currency", "string", "ISO 4217 code; every money column of the row is in its minor units"),
    column("paymentMethod", "string", "The orders' payment method id"),
    column("orders", "integer", "Orders placed that day, cancelled ones excluded"),
    column("gross", "money", "Sum of their subtotals (before discounts; tax included when prices include tax)"),
    column("discounts", "money", "Sum of their discounts"),
    column("tax", "money", "Sum of their tax"),
    column("total", "money", "Sum of their totals (what customers pay, shipping included)"),
    column("shipping", "money", "Sum of their shipping (part of total, its tax included)"),
    column("shippingTax", "money", "The tax inside that shipping (not part of tax, which is the lines')"),
    column(
      "refunds",
      "integer",
      "Refunds issued that day on orders of this currency and payment method, undone ones excluded",
    ),
    column("refundedAmount", "money", "Sum of those refunds' amounts (tax and refunded shipping included)"),
    column("refundedShipping", "money", "The shipping inside the refunded amount"),
    column(
      "refundedTax",
      "money",
      [
        "The tax inside the refunded amount (each refunded line's tax in proportion to its total, and the",
        "shipping's tax in proportion to the order's shipping)",
      ].join(" "),
    ),
    column("net", "money", "total - refundedAmount"),
    column("cancelledOrders", "integer", "Orders placed that day and cancelled since, shown apart"),
    column("cancelledTotal", "money", "Sum of the cancelled orders' totals"),
  ],
  async rows(trx, { organizationId, period: { start, end } }) {
    const { rows } = await sql<Record<string, string | number>>`
      with sales as (
        select currency, payment_method_id,
          count(*) filter (where status <> 'cancelled') as orders,
          coalesce(sum(subtotal) filter (where status <> 'cancelled'), 0) as gross,
          coalesce(sum(discount_total) filter (where status <> 'cancelled'), 0) as discounts,
          coalesce(sum(tax_total) filter (where status <> 'cancelled'), 0) as tax,
          coalesce(sum(total) filter (where status <> 'cancelled'), 0) as total,
          coalesce(sum(shipping_total) filter (where status <> 'cancelled'), 0) as shipping,
          coalesce(sum(shipping_tax_total) filter (where status <> 'cancelled'), 0) as shipping_tax,
          count(*) filter (where status = 'cancelled') as cancelled_orders,
          coalesce(sum(total) filter (where status = 'cancelled'), 0) as cancelled_total
        from orders
        where organization_id = ${organizationId} and created_at >= ${start} and created_at < ${end}
        group by currency, payment_method_id
      ),
      refunded as (
        select o.currency, o.payment_method_id, count(*) as refunds, sum(r.amount) as refunded_amount,
          sum(r.shipping_amount) as refunded_shipping, sum(coalesce(lt.tax, 0) + ${refundShippingTaxShare}) as refunded_tax
        from order_refunds r
        join orders o on o.id = r.order_id and o.organization_id = ${organizationId}
        -- Per refund, its lines' tax; a refund of shipping alone has no lines and still counts.
        left join lateral (
          select sum(${refundTaxShare}) as tax
          from order_refund_lines rl
          join order_lines ol on ol.id = rl.line_item_id and ol.organization_id = ${organizationId}
          where rl.refund_id = r.id and rl.organization_id = ${organizationId}
        ) lt on true
        where r.organization_id = ${organizationId} and r.status <> 'undone' and r.created_at >= ${start} and r.created_at < ${end}
        group by o.currency, o.payment_method_id
      )
      select coalesce(s.currency, f.currency) as currency, coalesce(s.payment_method_id, f.payment_method_id) as payment_method,
        coalesce(s.orders, 0)::bigint as orders, coalesce(s.gross, 0)::bigint as gross, coalesce(s.discounts, 0)::bigint as discounts,
        coalesce(s.tax, 0)::bigint as tax, coalesce(s.total, 0)::bigint as total,
        coalesce(s.shipping, 0)::bigint as shipping, coalesce(s.shipping_tax, 0)::bigint as shipping_tax,
        coalesce(f.refunds, 0)::bigint as refunds, coalesce(f.refunded_amount, 0)::bigint as refunded_amount,
        coalesce(f.refunded_shipping, 0)::bigint as refunded_shipping, coalesce(f.refunded_tax, 0)::bigint as refunded_tax,
        (coalesce(s.total, 0) - coalesce(f.refunded_amount, 0))::bigint as net,
        coalesce(s.cancelled_orders, 0)::bigint as cancelled_orders, coalesce(s.cancelled_total, 0)::bigint as cancelled_total
      from sales s full join refunded f on f.currency = s.currency and f.payment_method_id = s.payment_method_id
      order by 1, 2`.execute(trx);
    return rows;
  },
};
