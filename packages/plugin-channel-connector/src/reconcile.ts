import type { Transaction } from "kysely";
import type { CoreTables } from "@unified-commerce/plugin-sdk";
import { channelScope, connectionKey, type ChannelContext } from "./channel-context.js";
import { RECONCILE_TASK } from "./channel-declarations.js";
import { openChannel, readConnectionRow, toConnection, type Connection } from "./connections.js";
import type { ChannelTables, ReconcileReport } from "./channel-tables.js";

/** Listings compared per `channel/reconcile` run. */
export const RECONCILE_PAGE = 100;
const MAX_MISSING = 100;

const enqueueReconcile = (
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
  trx: Transaction<CoreTables>,
) =>
  context.services.jobs.enqueue(
    RECONCILE_TASK,
    { connectionId },
    {
      organizationId,
      trx,
      concurrencyKey: connectionKey("reconcile", connectionId),
      supersedes: true,
      maxAttempts: context.settings.attempts,
    },
  );

/**
 * Starts a reconcile of the connection (resumes one under way): a fresh report, the first page's job
 * enqueued in the same transaction.
 */
export async function startReconcile(
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
): Promise<Connection> {
  return context.database.transaction(async (trx) => {
    const row = await readConnectionRow(trx, organizationId, connectionId, true);
    const fresh: ReconcileReport = {
      startedAt: new Date().toISOString(),
      finishedAt: null,
      checked: 0,
      stockRepaired: 0,
      priceRepaired: 0,
      missing: [],
      dropped: 0,
    };
    const updated =
      row.reconcileStatus === "running"
        ? row
        : await channelScope(trx, organizationId)
            .updateTable("channelConnections")
            .set({
              reconcileStatus: "running",
              reconcileCursor: null,
              reconcileReport: JSON.stringify(fresh),
              updatedAt: new Date(),
            })
            .where("id", "=", connectionId)
            .returningAll()
            .executeTakeFirstOrThrow();
    await enqueueReconcile(context, organizationId, connectionId, trx);
    return toConnection(updated);
  });
}

/**
 * One page of the reconcile (the job's work): the next listings in entity order, compared with this
 * store (available stock, base price in the connection's currency) and with the channel; a difference
 * is repaired by setting this store's value on the channel (absolute, so a repeated run is harmless). A
 * listing whose entity this store deleted is dropped; one the channel lost is reported (a backfill lists
 * it again). The report and cursor advance in one transaction guarded on the cursor read.
 */
export async function reconcilePage(
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
): Promise<{ checked: number; isDone: boolean }> {
  const db = context.database.db;
  const row = await readConnectionRow(db, organizationId, connectionId).catch(() => null);
  if (!row || row.reconcileStatus !== "running" || row.reconcileReport === null) return { checked: 0, isDone: true };
  const currency = row.settings.currency ?? "EUR";
  let query = channelScope(db, organizationId)
    .selectFrom("channelListings")
    .select(["entityId", "externalId"])
    .where("connectionId", "=", connectionId);
  if (row.reconcileCursor !== null) query = query.where("entityId", ">", row.reconcileCursor);
  const listings = await query.orderBy("entityId").limit(RECONCILE_PAGE).execute();
  const existing =
    listings.length === 0
      ? new Set<string>()
      : await context.services.catalog.existingEntityIds(
          organizationId,
          listings.map((listing) => listing.entityId),
        );
  const kept = listings.filter((listing) => existing.has(listing.entityId));
  const dropped = listings.filter((listing) => !existing.has(listing.entityId));
  const ids = kept.map((listing) => listing.entityId);
  const [stock, prices] = await Promise.all([
    ids.length === 0 ? Promise.resolve([]) : context.services.inventory.check(organizationId, ids),
    context.services.pricing.resolve({
      organizationId,
      currency,
      lines: ids.map((entityId) => ({ entityId, variantId: null })),
    }),
  ]);
  const available = new Map(stock.map((entry) => [entry.entityId, entry.available]));
  const session = openChannel(context, row);
  const remote = new Map(
    (await session.readListings({ externalIds: kept.map((listing) => listing.externalId), currency })).map(
      (listing) => [listing.externalId, listing],
    ),
  );
  const report = { ...row.reconcileReport };
  for (const [index, listing] of kept.entries()) {
    report.checked += 1;
    const there = remote.get(listing.externalId);
    if (!there) {
      if (report.missing.length < MAX_MISSING) report.missing = [...report.missing, listing.entityId];
      continue;
    }
    const level = available.get(listing.entityId) ?? 0;
    if (there.available !== level) {
      await session.setStock({ externalId: listing.externalId, available: level });
      report.stockRepaired += 1;
    }
    const price = prices[index]?.amount ?? null;
    if (price !== null && there.price !== price) {
      await session.setPrice({ externalId: listing.externalId, price, currency });
      report.priceRepaired += 1;
    }
  }
  report.dropped += dropped.length;
  const isDone = listings.length < RECONCILE_PAGE;
  if (isDone) report.finishedAt = new Date().toISOString();
  await context.database.transaction(async (trx) => {
    if (dropped.length > 0) {
      await channelScope(trx, organizationId)
        .deleteFrom("channelListings")
        .where("connectionId", "=", connectionId)
        .where(
          "entityId",
          "in",
          dropped.map((listing) => listing.entityId),
        )
        .execute();
    }
    let advance = channelScope(trx, organizationId)
      .updateTable("channelConnections")
      .set({
        reconcileStatus: isDone ? "done" : "running",
        reconcileCursor: isDone ? null : (listings.at(-1)?.entityId ?? null),
        reconcileReport: JSON.stringify(report),
        updatedAt: new Date(),
      })
      .where("id", "=", connectionId)
      .where("reconcileStatus", "=", "running");
    advance =
      row.reconcileCursor === null
        ? advance.where("reconcileCursor", "is", null)
        : advance.where("reconcileCursor", "=", row.reconcileCursor);
    const advanced = await advance.returning("id").executeTakeFirst();
    if (advanced && !isDone) await enqueueReconcile(context, organizationId, connectionId, trx);
  });
  return { checked: kept.length, isDone };
}

/**
 * The sweep's work: starts a reconcile of every connection of every organization that has none under
 * way (each in its own organization's scope). Answers how many it started.
 */
export async function sweepReconciles(context: ChannelContext): Promise<number> {
  const idle = await context.database.db
    .withTables<ChannelTables>()
    .selectFrom("channelConnections")
    .select(["id", "organizationId"])
    .where("reconcileStatus", "!=", "running")
    .execute();
  for (const connection of idle) await startReconcile(context, connection.organizationId, connection.id);
  return idle.length;
}
