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
    "was placed.",
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
      "Sum of line total - line tax: the amount before tax after discounts, whether prices include tax or not",
    ),
    column("tax", "money", "Sum of the lines' tax"),
    column("refundedBase", "money", "Refunded amounts at this rate less their tax"),
    column(
      "refundedTax",
      "money",
      "The tax inside the refunded amounts (each refunded line's tax in proportion to its total)",
    ),
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
      )
      select coalesce(s.currency, f.currency) as currency, coalesce(s.tax_rate_bps, f.tax_rate_bps) as tax_rate_bps,
        (coalesce(s.tax_rate_bps, f.tax_rate_bps) / 100.0)::float8 as tax_rate,
        coalesce(s.lines, 0)::bigint as lines, coalesce(s.taxable_base, 0)::bigint as taxable_base, coalesce(s.tax, 0)::bigint as tax,
        coalesce(f.refunded_base, 0)::bigint as refunded_base, coalesce(f.refunded_tax, 0)::bigint as refunded_tax,
        (coalesce(s.taxable_base, 0) - coalesce(f.refunded_base, 0))::bigint as net_taxable_base,
        (coalesce(s.tax, 0) - coalesce(f.refunded_tax, 0))::bigint as net_tax
      from sold s full join refunded f on f.currency = s.currency and f.tax_rate_bps = s.tax_rate_bps
      order by 1, 2`.execute(trx);
    return rows;
  },
};
