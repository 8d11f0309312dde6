import { sql, type Kysely, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { refundCapStatusSchema } from "./order-refund-schemas.js";

/** The acting operator's daily refund cap, as `GET /api/orders/refunds/cap` answers it. */
export type RefundCapStatus = z.output<typeof refundCapStatusSchema>;

/** Who carries a refund on their cap, and on which day. */
export interface RefundCapKey {
  organizationId: string;
  actorId: string;
  /** `YYYY-MM-DD` in the store's time zone (`dayIn`). */
  day: string;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `now` in `timeZone` (an IANA name the settings module validated), as `YYYY-MM-DD`. */
export function dayIn(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD; building a formatter costs far more than using one.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

async function usedOn(db: Kysely<CoreTables> | Transaction<CoreTables>, key: RefundCapKey): Promise<number> {
  const result = await sql<{ used: number }>`
    select used from order_refund_caps where organization_id = ${key.organizationId} and actor_id = ${key.actorId} and day = ${key.day}`.execute(
    db,
  );
  return result.rows[0]?.used ?? 0;
}

const statusOf = (key: RefundCapKey, timezone: string, cap: number | null, used: number): RefundCapStatus => ({
  day: key.day,
  timezone,
  cap,
  used,
  left: cap === null ? null : Math.max(cap - used, 0),
});

/** What the operator refunded on `key.day`, against `cap` (null: no cap). */
export async function readRefundCap(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  key: RefundCapKey,
  cap: number | null,
  timezone: string,
): Promise<RefundCapStatus> {
  return statusOf(key, timezone, cap, await usedOn(db, key));
}

/**
 * Adds `amount` to the operator's day in one guarded upsert: the counter row is created by the day's
 * first refund and then only moves while `used + amount <= cap`. The row stays locked until `trx` ends,
 * so the refunds of one operator and day take their turns there, whatever order they are on, and two
 * can never both fit in what is left. Without a cap the amount is still counted (a cap set at noon
 * counts the morning). A refusal is a 403 FORBIDDEN with `details: { cap, used, left }`, and the caller's
 * transaction rolls back with it.
 */
export async function takeRefundCap(
  trx: Transaction<CoreTables>,
  key: RefundCapKey,
  amount: number,
  cap: number | null,
): Promise<void> {
  const guard = cap === null ? sql`true` : sql`order_refund_caps.used + excluded.used <= ${cap}`;
  const fitsAlone = cap === null || amount <= cap;
  const taken = fitsAlone
    ? await sql<{ used: number }>`
        insert into order_refund_caps (organization_id, actor_id, day, used) values (${key.organizationId}, ${key.actorId}, ${key.day}, ${amount})
        on conflict (organization_id, actor_id, day) do update set used = order_refund_caps.used + excluded.used where ${guard}
        returning used`.execute(trx)
    : { rows: [] };
  if (taken.rows.length > 0 || cap === null) return;
  const used = await usedOn(trx, key);
  throw new AppError("FORBIDDEN", {
    message: `This refund of ${amount} would pass your daily refund cap of ${cap} (${used} used, ${Math.max(cap - used, 0)} left)`,
    details: { cap, used, left: Math.max(cap - used, 0), amount },
  });
}

/** Gives an undone refund's amount back to the day it was taken from (its `capDay`, not today). */
export async function giveBackRefundCap(
  trx: Transaction<CoreTables>,
  key: RefundCapKey,
  amount: number,
): Promise<void> {
  await sql`
    update order_refund_caps set used = used - ${amount}
    where organization_id = ${key.organizationId} and actor_id = ${key.actorId} and day = ${key.day}`.execute(trx);
}
