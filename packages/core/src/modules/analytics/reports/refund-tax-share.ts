import { sql, type RawBuilder } from "kysely";

/**
 * The tax inside a refund line's amount: the refunded line's tax in proportion to its total, rounded
 * to the nearest minor unit (`rl` the refund line, `ol` its order line). A line's total carries its tax
 * whether prices include tax or not (exclusive: total = subtotal - discount + tax), so one formula fits
 * both; a line of total 0 refunds no tax.
 */
export const refundTaxShare: RawBuilder<number> = sql<number>`case when ol.total = 0 then 0 else round(rl.amount::numeric * ol.tax / ol.total) end`;
