import { sql, type RawBuilder } from "kysely";

/**
 * The tax inside a refund line's amount: the refunded line's tax in proportion to its total, rounded
 * to the nearest minor unit (`rl` the refund line, `ol` its order line). A line's total carries its tax
 * whether prices include tax or not (exclusive: total = subtotal - discount + tax), so one formula fits
 * both; a line of total 0 refunds no tax.
 */
export const refundTaxShare: RawBuilder<number> = sql<number>`case when ol.total = 0 then 0 else round(rl.amount::numeric * ol.tax / ol.total) end`;

/**
 * The tax inside a refund's shipping amount: the order's shipping tax in proportion to its shipping total
 * (`r` the refund, `o` its order), rounded to the nearest minor unit; 0 for a refund without shipping.
 */
export const refundShippingTaxShare: RawBuilder<number> = sql<number>`case when o.shipping_total = 0 then 0 else round(r.shipping_amount::numeric * o.shipping_tax_total / o.shipping_total) end`;
