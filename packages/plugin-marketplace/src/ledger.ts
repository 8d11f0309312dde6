import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "@unified-commerce/plugin-sdk";
import { marketplaceScope } from "./marketplace-context.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import type { currencyBalanceSchema, ledgerEntrySchema, ledgerKindSchema } from "./ledger-schemas.js";

export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export type CurrencyBalance = z.output<typeof currencyBalanceSchema>;
export type LedgerKind = z.output<typeof ledgerKindSchema>;

/** One entry to append; the ledger is never updated or deleted from. */
export interface NewLedgerEntry {
  vendorId: string;
  kind: LedgerKind;
  amount: number;
  currency: string;
  subOrderId?: string | null;
  refundId?: string | null;
  payoutId?: string | null;
  disputeId?: string | null;
  note?: string | null;
}

const ENTRY_COLUMNS = [
  "id",
  "vendorId",
  "kind",
  "amount",
  "currency",
  "subOrderId",
  "refundId",
  "payoutId",
  "disputeId",
  "note",
  "createdAt",
] as const;
type EntryRow = Pick<Selectable<MarketplaceTables["marketplaceLedger"]>, (typeof ENTRY_COLUMNS)[number]>;
export const toEntry = (row: EntryRow): LedgerEntry => ({
  ...row,
  amount: Number(row.amount),
  createdAt: row.createdAt.toISOString(),
});

/** Appends entries (zero amounts are skipped: they change no balance). */
export async function appendEntries(
  db: Kysely<CoreTables>,
  organizationId: string,
  entries: readonly NewLedgerEntry[],
): Promise<void> {
  const rows = entries
    .filter((entry) => entry.amount !== 0)
    .map((entry) => ({
      id: randomUUID(),
      vendorId: entry.vendorId,
      kind: entry.kind,
      amount: entry.amount,
      currency: entry.currency,
      subOrderId: entry.subOrderId ?? null,
      refundId: entry.refundId ?? null,
      payoutId: entry.payoutId ?? null,
      disputeId: entry.disputeId ?? null,
      note: entry.note ?? null,
      createdAt: new Date(),
    }));
  if (rows.length > 0) await marketplaceScope(db, organizationId).insertInto("marketplaceLedger", rows).execute();
}

/** The instant before which credits are past the holding period. */
export const holdingCutoff = (holdingPeriodDays: number, now = Date.now()): Date =>
  new Date(now - holdingPeriodDays * 86_400_000);

/**
 * A vendor's balances per currency, summed from the ledger: `balance` all of it, `held` the sales newer
 * than `cutoff` (returns and disputes come out of them), `available` what is left (never below 0). Every
 * other entry counts at once.
 */
export async function readBalances(
  db: Kysely<CoreTables>,
  organizationId: string,
  vendorIds: readonly string[],
  cutoff: Date,
): Promise<Map<string, CurrencyBalance[]>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await marketplaceScope(db, organizationId)
    .selectFrom("marketplaceLedger")
    .select([
      "vendorId",
      "currency",
      sql<number>`sum(amount)::bigint`.as("balance"),
      sql<number>`coalesce(sum(amount) filter (where kind = 'sale' and created_at > ${cutoff}), 0)::bigint`.as("held"),
    ])
    .where("vendorId", "in", [...vendorIds])
    .groupBy(["vendorId", "currency"])
    .orderBy("currency")
    .execute();
  const balances = new Map<string, CurrencyBalance[]>();
  for (const row of rows) {
    const balance = Number(row.balance);
    const held = Number(row.held);
    const list = balances.get(row.vendorId) ?? [];
    list.push({ currency: row.currency, balance, held, available: Math.max(balance - held, 0) });
    balances.set(row.vendorId, list);
  }
  return balances;
}

/** A vendor's latest entries, newest first. */
export async function recentEntries(
  db: Kysely<CoreTables>,
  organizationId: string,
  vendorId: string,
  limit = 20,
): Promise<LedgerEntry[]> {
  const rows = await marketplaceScope(db, organizationId)
    .selectFrom("marketplaceLedger")
    .select(ENTRY_COLUMNS)
    .where("vendorId", "=", vendorId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

/**
 * Puts an order's paid sub-orders in their vendors' ledgers: `sale` (+total) and `commission`
 * (−commission). Each sub-order is claimed by a guarded `UPDATE ... WHERE is_settled = false`, and the
 * ledger's unique index on (sub-order, kind) backs it: a replayed confirmation settles nothing twice.
 */
export async function settleOrder(db: Kysely<CoreTables>, organizationId: string, orderId: string): Promise<void> {
  const settled = await marketplaceScope(db, organizationId)
    .updateTable("marketplaceSubOrders")
    .set({ isSettled: true, updatedAt: new Date() })
    .where("orderId", "=", orderId)
    .where("isSettled", "=", false)
    .where("status", "<>", "cancelled")
    .returning(["id", "vendorId", "currency", "total", "shippingTotal", "commissionTotal"])
    .execute();
  // The vendor ships its lines, so its share of the shipping is part of its sale (no commission on it).
  const entries = settled.flatMap((sub): NewLedgerEntry[] => [
    {
      vendorId: sub.vendorId,
      kind: "sale",
      amount: Number(sub.total) + Number(sub.shippingTotal),
      currency: sub.currency,
      subOrderId: sub.id,
    },
    {
      vendorId: sub.vendorId,
      kind: "commission",
      amount: -Number(sub.commissionTotal),
      currency: sub.currency,
      subOrderId: sub.id,
    },
  ]);
  await appendEntries(db, organizationId, entries);
}
