import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { formatGaplessNumber, takeGaplessNumber } from "./gapless-number.js";

/** An order's fiscal invoice number and when it was issued. */
export interface IssuedInvoice {
  /** `INV-2026-000042`: gapless per organization and year (the store's time zone), at least six digits. */
  number: string;
  issuedAt: Date;
}

/** `INV-2026-000042`: the same shape as order numbers, so both read alike on paper. */
export const formatInvoiceNumber = (year: number, value: number): string => formatGaplessNumber("INV", year, value);

async function readIssued(
  trx: Transaction<CoreTables>,
  organizationId: string,
  orderId: string,
): Promise<IssuedInvoice | undefined> {
  const result = await sql<IssuedInvoice>`
    select number, issued_at from order_invoices where organization_id = ${organizationId} and order_id = ${orderId}`.execute(
    trx,
  );
  return result.rows[0];
}

/**
 * The order's invoice number, taken the first time an invoice is produced and the same ever after.
 *
 * The order's row lock (`for update`) queues concurrent first invoices of one order, so the second one
 * reads the first one's number instead of taking another; `takeGaplessNumber` keeps the series gapless.
 * The caller checked that the order exists in the organization.
 */
export async function issueInvoiceNumber(
  trx: Transaction<CoreTables>,
  input: { organizationId: string; orderId: string; year: number },
): Promise<IssuedInvoice> {
  const { organizationId, orderId, year } = input;
  const existing = await readIssued(trx, organizationId, orderId);
  if (existing) return existing;
  await sql`select id from orders where organization_id = ${organizationId} and id = ${orderId} for update`.execute(
    trx,
  );
  // Read again under the lock: a concurrent first invoice of this order may have committed meanwhile.
  const raced = await readIssued(trx, organizationId, orderId);
  if (raced) return raced;
  const number = await takeGaplessNumber(trx, {
    counter: "order_invoice_counters",
    prefix: "INV",
    organizationId,
    year,
  });
  const issued = await sql<IssuedInvoice>`
    insert into order_invoices (organization_id, order_id, number) values (${organizationId}, ${orderId}, ${number})
    returning number, issued_at`.execute(trx);
  const row = issued.rows[0];
  if (!row) throw new Error("The invoice insert answered no row");
  return row;
}
