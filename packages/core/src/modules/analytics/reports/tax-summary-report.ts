import { sql } from "kysely";
import { column, type ReportDefinition } from "./report-definition.js";
import { salesByRate } from "./sales-rollups.js";
import { refundTaxShare } from "./refund-tax-share.js";

/** Tax collected per rate and currency over a period, less the tax refunded in it. */
export const taxSummaryReport: ReportDefinition = {
  name: "tax-summary",
  title: "Tax summary",
  description: [
    "Per currency and tax rate: the taxable base and tax of the lines of orders placed in the period (cancelled orders",
    "excluded), less the base and tax of refunds issued in the period (undone ones excluded), whatever day their order",
    "was placed. Shipping is taxed at its method's rate: it is in the base and tax of that rate, and shown apart",
    "(`shippingBase`, `shippingTax`, and refunded shipping in `refundedShippingBase`, `refundedShippingTax`).",
  ].join(" "),
  period: "range",
  columns: [
    column("currency", "string", "ISO 4217 code; every money column of the row is in its minor units"),
    column("taxRateBps", "integer", "The lines' tax rate in basis points (2000 = 20 %)"),
    column("taxRate", "percent", "The same rate in percent"),
    column("lines", "integer", "Order lines sold at this rate"),
    column(
      "taxableBase",
      "money",
      [
        "Sum of line total - line tax: the amount before tax after discounts, whether prices include tax or not;",
        "plus the net of the shipping charged at this rate",
      ].join(" "),
    ),
    column("tax", "money", "Sum of the lines' tax, plus the tax of the shipping charged at this rate"),
    column("shippingBase", "money", "The shipping's net inside taxableBase"),
    column("shippingTax", "money", "The shipping's tax inside tax"),
    column("refundedBase", "money", "Refunded amounts at this rate less their tax (refunded shipping included)"),
    column(
      "refundedTax",
      "money",
      [
        "The tax inside the refunded amounts (each refunded line's tax in proportion to its total; refunded",
        "shipping split over the order's methods by their gross, each part's tax in proportion to its method's)",
      ].join(" "),
    ),
    column("refundedShippingBase", "money", "The refunded shipping's net inside refundedBase"),
    column("refundedShippingTax", "money", "The refunded shipping's tax inside refundedTax"),
    column("netTaxableBase", "money", "taxableBase - refundedBase"),
    column("netTax", "money", "tax - refundedTax: what is owed for the period"),
  ],
  async rows(trx, { organizationId, period: { start, end } }) {
    const { rows } = await sql<Record<string, string | number>>`
      with sold as (${salesByRate(organizationId, start, end)}),
      refunded as (
        select currency, tax_rate_bps, sum(amount - tax) as refunded_base, sum(tax) as refunded_tax
        from (
          select r.currency, ol.tax_rate_bps, rl.amount, ${refundTaxShare} as tax
          from order_refunds r
          join order_refund_lines rl on rl.refund_id = r.id and rl.organization_id = ${organizationId}
          -- One primary key lookup per refunded line (offset 0 keeps it a nested loop, as in linesOfOrders):
          -- a year's 3,800 refunded lines otherwise had every line of the store hashed to find them.
          cross join lateral (
            select l.tax_rate_bps, l.tax, l.total from order_lines l where l.id = rl.line_item_id and l.organization_id = ${organizationId} offset 0
          ) ol
          where r.organization_id = ${organizationId} and r.status <> 'undone' and r.created_at >= ${start} and r.created_at < ${end}
        ) refund_lines
        group by currency, tax_rate_bps
      ),
      -- Each shipping method the orders of the period charged, at its own rate (orders 0016's partial index
      -- reads only the orders that charged shipping).
      shipping_sold as (
        select o.currency, (m->>'taxRateBps')::int as tax_rate_bps, sum((m->>'net')::bigint) as base, sum((m->>'tax')::bigint) as tax
        from orders o cross join lateral jsonb_array_elements(o.shipping_methods) m
        where o.organization_id = ${organizationId} and o.shipping_total > 0 and o.status <> 'cancelled'
          and o.created_at >= ${start} and o.created_at < ${end}
        group by 1, 2
      ),
      -- A refund's shipping split over its order's methods in proportion to their gross, each part's tax in
      -- proportion to its method's.
      shipping_refunded as (
        select currency, tax_rate_bps, sum(part - part_tax) as base, sum(part_tax) as tax
        from (
          select r.currency, (m->>'taxRateBps')::int as tax_rate_bps, p.part,
            case when (m->>'gross')::bigint = 0 then 0 else round(p.part * (m->>'tax')::bigint / (m->>'gross')::bigint) end as part_tax
          from order_refunds r
          join orders o on o.id = r.order_id and o.organization_id = ${organizationId}
          cross join lateral jsonb_array_elements(o.shipping_methods) m
          cross join lateral (select round(r.shipping_amount::numeric * (m->>'gross')::bigint / o.shipping_total) as part) p
          where r.organization_id = ${organizationId} and r.status <> 'undone' and r.shipping_amount > 0
            and r.created_at >= ${start} and r.created_at < ${end}
        ) refund_shipping
        group by currency, tax_rate_bps
      ),
      by_rate as (
        select currency, tax_rate_bps, lines, taxable_base, tax, 0 as refunded_base, 0 as refunded_tax,
          0 as shipping_base, 0 as shipping_tax, 0 as refunded_shipping_base, 0 as refunded_shipping_tax from sold
        union all select currency, tax_rate_bps, 0, 0, 0, refunded_base, refunded_tax, 0, 0, 0, 0 from refunded
        union all select currency, tax_rate_bps, 0, 0, 0, 0, 0, base, tax, 0, 0 from shipping_sold
        union all select currency, tax_rate_bps, 0, 0, 0, 0, 0, 0, 0, base, tax from shipping_refunded
      )
      select currency, tax_rate_bps, (tax_rate_bps / 100.0)::float8 as tax_rate,
        sum(lines)::bigint as lines,
        sum(taxable_base + shipping_base)::bigint as taxable_base, sum(tax + shipping_tax)::bigint as tax,
        sum(shipping_base)::bigint as shipping_base, sum(shipping_tax)::bigint as shipping_tax,
        sum(refunded_base + refunded_shipping_base)::bigint as refunded_base,
        sum(refunded_tax + refunded_shipping_tax)::bigint as refunded_tax,
        sum(refunded_shipping_base)::bigint as refunded_shipping_base, sum(refunded_shipping_tax)::bigint as refunded_shipping_tax,
        sum(taxable_base + shipping_base - refunded_base - refunded_shipping_base)::bigint as net_taxable_base,
        sum(tax + shipping_tax - refunded_tax - refunded_shipping_tax)::bigint as net_tax
      from by_rate
      group by currency, tax_rate_bps
      order by 1, 2`.execute(trx);
    return rows;
  },
};
