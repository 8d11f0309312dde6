import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  pageOffset,
  type Actor,
  type CoreTables,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { PAY_PAYOUT_TASK } from "./marketplace-declarations.js";
import { appendEntries, holdingCutoff, readBalances } from "./ledger.js";
import type { listPayoutsQuery, payoutSchema } from "./ledger-schemas.js";
import { iso, isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import type { MarketplaceTables } from "./marketplace-tables.js";

export type Payout = z.output<typeof payoutSchema>;
export type ListPayoutsQuery = z.output<typeof listPayoutsQuery>;

const PAYOUT_COLUMNS = [
  "id",
  "vendorId",
  "currency",
  "amount",
  "status",
  "provider",
  "providerReference",
  "attempts",
  "error",
  "paidAt",
  "createdAt",
  "updatedAt",
] as const;
type PayoutRow = Pick<Selectable<MarketplaceTables["marketplacePayouts"]>, (typeof PAYOUT_COLUMNS)[number]>;
const toPayout = (row: PayoutRow): Payout => ({
  ...row,
  amount: Number(row.amount),
  paidAt: iso(row.paidAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const payoutNotFound = () => AppError.notFound("Payout");

/**
 * Payouts. A run creates, per active vendor and currency, one payout of what is available (past the
 * holding period) with its `payout` ledger debit and its job, in one transaction under a lock on the
 * vendor's row: a concurrent run waits, then sums the ledger again and finds nothing due. A partial
 * unique index (one payout in flight per vendor and currency) backs the lock. The job pays a payout only
 * after moving it `pending → processing` with one guarded statement, so the adapter is called once per
 * payout whatever the number of workers; a retry moves `failed → pending` the same way.
 */
export function createPayoutOperations(context: MarketplaceContext) {
  const { database, events, services, settings } = context;

  const emitStatus = (trx: Transaction<CoreTables>, organizationId: string, actor: Actor | null, row: PayoutRow) =>
    events.emit(
      {
        organizationId,
        type: "marketplace.payoutStatusChange",
        entityType: "payout",
        entityId: row.id,
        payload: { vendorId: row.vendorId, payoutId: row.id, status: row.status, error: row.error },
        actor,
      },
      { trx },
    );

  /** One vendor's due payouts, under the lock on its row. */
  async function payoutsForVendor(organizationId: string, actor: Actor | null, vendorId: string): Promise<Payout[]> {
    return database.transaction(async (trx) => {
      const scope = marketplaceScope(trx, organizationId);
      const vendor = await scope
        .selectFrom("marketplaceVendors")
        .select(["id", "status"])
        .where("id", "=", vendorId)
        .forUpdate()
        .executeTakeFirst();
      if (vendor?.status !== "active") return [];
      const inFlight = await scope
        .selectFrom("marketplacePayouts")
        .select("currency")
        .where("vendorId", "=", vendorId)
        .where("status", "in", ["pending", "processing", "failed"])
        .execute();
      const busy = new Set(inFlight.map((row) => row.currency));
      const balances =
        (await readBalances(trx, organizationId, [vendorId], holdingCutoff(settings.holdingPeriodDays))).get(
          vendorId,
        ) ?? [];
      const created: Payout[] = [];
      for (const { currency, available } of balances) {
        if (busy.has(currency) || available < settings.minimumPayout) continue;
        const now = new Date();
        const row = await scope
          .insertInto("marketplacePayouts", {
            id: randomUUID(),
            vendorId,
            currency,
            amount: available,
            status: "pending",
            provider: settings.payoutAdapter.id,
            providerReference: null,
            error: null,
            paidAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(PAYOUT_COLUMNS)
          .executeTakeFirstOrThrow();
        await appendEntries(trx, organizationId, [
          { vendorId, kind: "payout", amount: -available, currency, payoutId: row.id },
        ]);
        await services.jobs.enqueue(PAY_PAYOUT_TASK, { payoutId: row.id }, { organizationId, trx });
        await events.emit(
          {
            organizationId,
            type: "marketplace.payoutCreate",
            entityType: "payout",
            entityId: row.id,
            payload: { vendorId, payoutId: row.id, amount: available, currency },
            actor,
          },
          { trx },
        );
        created.push(toPayout(row));
      }
      return created;
    });
  }

  return {
    /** Queues a payout (and its job) for every active vendor with money due; `vendorId` for one vendor only. */
    async run(
      organizationId: string,
      actor: Actor | null,
      input: { vendorId?: string | undefined },
    ): Promise<Payout[]> {
      let query = marketplaceScope(database.db, organizationId)
        .selectFrom("marketplaceVendors")
        .select("id")
        .where("status", "=", "active")
        .orderBy("id");
      if (input.vendorId) query = query.where("id", "=", input.vendorId);
      const vendors = await query.execute();
      if (input.vendorId && vendors.length === 0)
        throw AppError.validation([{ path: "body.vendorId", message: "No active vendor of this store has this id" }]);
      const created: Payout[] = [];
      // One transaction per vendor: a vendor's lock is never held while another's money is counted.
      for (const vendor of vendors) created.push(...(await payoutsForVendor(organizationId, actor, vendor.id)));
      return created;
    },

    /** The job's work: pays one payout through the adapter, once. Answers what became of it. */
    async pay(organizationId: string, payoutId: string): Promise<{ status: string }> {
      const now = new Date();
      const claimed = await marketplaceScope(database.db, organizationId)
        .updateTable("marketplacePayouts")
        .set((eb) => ({ status: "processing", attempts: eb("attempts", "+", 1), updatedAt: now }))
        .where("id", "=", payoutId)
        .where("status", "=", "pending")
        .returning(PAYOUT_COLUMNS)
        .executeTakeFirst();
      if (!claimed) return { status: "skipped" };
      const vendor = await marketplaceScope(database.db, organizationId)
        .selectFrom("marketplaceVendors")
        .select("payoutReference")
        .where("id", "=", claimed.vendorId)
        .executeTakeFirstOrThrow();
      let outcome: { reference: string } | { error: string };
      try {
        outcome = await settings.payoutAdapter.pay({
          organizationId,
          payoutId,
          vendorId: claimed.vendorId,
          destination: vendor.payoutReference,
          amount: Number(claimed.amount),
          currency: claimed.currency,
          idempotencyKey: payoutId,
        });
      } catch (error) {
        outcome = { error: error instanceof Error ? error.message : String(error) };
      }
      return database.transaction(async (trx) => {
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplacePayouts")
          .set(
            "reference" in outcome
              ? {
                  status: "paid",
                  providerReference: outcome.reference,
                  error: null,
                  paidAt: new Date(),
                  updatedAt: new Date(),
                }
              : { status: "failed", error: outcome.error, updatedAt: new Date() },
          )
          .where("id", "=", payoutId)
          .where("status", "=", "processing")
          .returning(PAYOUT_COLUMNS)
          .executeTakeFirstOrThrow();
        await emitStatus(trx, organizationId, null, row);
        return { status: row.status };
      });
    },

    /** Queues a failed payout again (409 for any other); concurrent retries queue it once. */
    retry: (organizationId: string, actor: Actor, payoutId: string, options?: TxOptions): Promise<Payout> =>
      inTransaction(database, options, async (trx) => {
        if (!isUuid(payoutId)) throw payoutNotFound();
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplacePayouts")
          .set({ status: "pending", error: null, updatedAt: new Date() })
          .where("id", "=", payoutId)
          .where("status", "=", "failed")
          .returning(PAYOUT_COLUMNS)
          .executeTakeFirst();
        if (!row) {
          const exists = await marketplaceScope(trx, organizationId)
            .selectFrom("marketplacePayouts")
            .select("status")
            .where("id", "=", payoutId)
            .executeTakeFirst();
          if (!exists) throw payoutNotFound();
          throw AppError.conflict(`A ${exists.status} payout cannot be retried`);
        }
        await services.jobs.enqueue(PAY_PAYOUT_TASK, { payoutId }, { organizationId, trx });
        await emitStatus(trx, organizationId, actor, row);
        return toPayout(row);
      }),

    list: async (
      organizationId: string,
      query: ListPayoutsQuery,
      options?: TxOptions,
    ): Promise<{ items: Payout[]; total: number }> => {
      let base = marketplaceScope(options?.trx ?? database.db, organizationId).selectFrom("marketplacePayouts");
      if (query.vendorId) base = base.where("vendorId", "=", query.vendorId);
      if (query.status) base = base.where("status", "=", query.status);
      const [rows, counted] = await Promise.all([
        base
          .select(PAYOUT_COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toPayout), total: Number(counted.count) };
    },
  };
}
