import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isAppError, type Actor } from "@unified-commerce/plugin-sdk";
import type { ChannelOrder, ChannelOrderOutcome } from "./channel-adapter.js";
import { channelScope, connectionKey, type ChannelContext } from "./channel-context.js";
import { PULL_ORDERS_TASK } from "./channel-declarations.js";
import { openChannel, readConnectionRow, type ConnectionRow } from "./connections.js";

/** What importing one channel order did. `isDuplicate`: it had been imported (or refused) before. */
export interface ImportResult {
  externalId: string;
  outcome: ChannelOrderOutcome;
  isDuplicate: boolean;
}

/** Who places channel orders: the connection itself, a system actor of the store (guest orders). */
export const channelActor = (row: Pick<ConnectionRow, "id" | "organizationId">): Actor => ({
  id: `channel:${row.id}`,
  type: "system",
  organizationId: row.organizationId,
  permissions: ["cart:create", "cart:update", "orders:create"],
});

/** Thrown inside the import's transaction when another delivery of the order got there first. */
class AlreadyImported extends Error {}

/**
 * Imports one channel order through checkout, in ONE transaction: the order's record (unique on the
 * connection and the channel's order id: a second delivery, even a concurrent one, waits on the first
 * and then finds it), a cart of the mapped lines, and checkout's own pipeline (prices, tax, the guarded
 * stock step: a channel order can never take stock a local checkout already took). A refusal (out of
 * stock, a product not listed) rolls all of it back and is recorded as `rejected` with its reason.
 */
export async function importOrder(
  context: ChannelContext,
  row: ConnectionRow,
  order: ChannelOrder,
): Promise<ImportResult> {
  const organizationId = row.organizationId;
  const db = context.database.db;
  const known = await findRecord(context, row, order.externalId);
  if (known) return { externalId: order.externalId, outcome: known, isDuplicate: true };

  const externalIds = [...new Set(order.lines.map((line) => line.externalProductId))];
  const listings =
    externalIds.length === 0
      ? []
      : await channelScope(db, organizationId)
          .selectFrom("channelListings")
          .select(["entityId", "externalId"])
          .where("connectionId", "=", row.id)
          .where("externalId", "in", externalIds)
          .execute();
  const entityOf = new Map(listings.map((listing) => [listing.externalId, listing.entityId]));
  const actor = channelActor(row);
  try {
    const placed = await context.database.transaction(async (trx) => {
      const recordId = randomUUID();
      const claimed = await channelScope(trx, organizationId)
        .insertInto("channelOrders", {
          id: recordId,
          connectionId: row.id,
          externalOrderId: order.externalId,
          orderId: null,
          status: "imported",
          reason: null,
        })
        .onConflict((oc) => oc.columns(["connectionId", "externalOrderId"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!claimed) throw new AlreadyImported();
      const unknown = order.lines.find((line) => !entityOf.has(line.externalProductId));
      if (unknown || order.lines.length === 0)
        throw new OrderRefused(
          unknown ? `product ${unknown.externalProductId} is not listed by this connection` : "the order has no lines",
        );
      const { cart, cartToken } = await context.services.carts.create(
        { organizationId, caller: { actor }, body: { currency: order.currency } },
        { trx },
      );
      const target = { organizationId, cartId: cart.id, actor, cartToken };
      for (const line of order.lines) {
        await context.services.carts.addItem(
          target,
          { entityId: entityOf.get(line.externalProductId) ?? "", quantity: line.quantity },
          { trx },
        );
      }
      const { result } = await context.services.checkout.checkout(
        {
          organizationId,
          actor,
          cartToken,
          body: { cartId: cart.id, paymentMethodId: "manual", currency: order.currency },
          // The channel charged and ships the order: no shipping option is chosen or charged here.
          shipping: { amount: 0 },
        },
        { trx },
      );
      await channelScope(trx, organizationId)
        .updateTable("channelOrders")
        .set({ orderId: result.id })
        .where("id", "=", recordId)
        .execute();
      await channelScope(trx, organizationId)
        .updateTable("channelConnections")
        .set({ ordersImported: sql<number>`orders_imported + 1` })
        .where("id", "=", row.id)
        .execute();
      return result;
    });
    return {
      externalId: order.externalId,
      outcome: { status: "accepted", orderId: placed.id, orderNumber: placed.number },
      isDuplicate: false,
    };
  } catch (error) {
    if (error instanceof AlreadyImported) {
      const record = await findRecord(context, row, order.externalId);
      if (record) return { externalId: order.externalId, outcome: record, isDuplicate: true };
      throw error;
    }
    if (!(error instanceof OrderRefused) && !(isAppError(error) && error.status < 500)) throw error;
    const reason = error.message.slice(0, 500);
    // The refusal and its count, in one transaction; a concurrent delivery that recorded it first wins.
    const isRecorded = await context.database.transaction(async (trx) => {
      const recorded = await channelScope(trx, organizationId)
        .insertInto("channelOrders", {
          id: randomUUID(),
          connectionId: row.id,
          externalOrderId: order.externalId,
          orderId: null,
          status: "rejected",
          reason,
        })
        .onConflict((oc) => oc.columns(["connectionId", "externalOrderId"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (recorded)
        await channelScope(trx, organizationId)
          .updateTable("channelConnections")
          .set({ ordersRejected: sql<number>`orders_rejected + 1` })
          .where("id", "=", row.id)
          .execute();
      return recorded !== undefined;
    });
    if (!isRecorded) {
      const record = await findRecord(context, row, order.externalId);
      if (record) return { externalId: order.externalId, outcome: record, isDuplicate: true };
    }
    return { externalId: order.externalId, outcome: { status: "rejected", reason }, isDuplicate: false };
  }
}

/** A refusal of the order itself (not a fault): recorded as rejected. */
class OrderRefused extends Error {}

async function findRecord(
  context: ChannelContext,
  row: ConnectionRow,
  externalId: string,
): Promise<ChannelOrderOutcome | null> {
  const record = await channelScope(context.database.db, row.organizationId)
    .selectFrom("channelOrders")
    .select(["status", "orderId", "reason"])
    .where("connectionId", "=", row.id)
    .where("externalOrderId", "=", externalId)
    .executeTakeFirst();
  if (!record) return null;
  if (record.status === "rejected" || record.orderId === null)
    return { status: "rejected", reason: record.reason ?? "refused" };
  const order = await context.services.orders.get(row.organizationId, record.orderId);
  return { status: "accepted", orderId: order.id, orderNumber: order.number };
}

/**
 * The pull job's work: the channel's waiting orders, each imported (or found imported) and then
 * acknowledged, so the channel stops offering it. An acknowledgement lost to a crash is sent again on
 * the next pull, when the channel delivers the order again and it is found imported.
 */
export async function pullOrders(
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
): Promise<{ imported: number; rejected: number; duplicates: number }> {
  const row = await readConnectionRow(context.database.db, organizationId, connectionId).catch(() => null);
  if (!row) return { imported: 0, rejected: 0, duplicates: 0 };
  const session = openChannel(context, row);
  const totals = { imported: 0, rejected: 0, duplicates: 0 };
  for (const order of await session.pullOrders({ limit: context.settings.pullLimit })) {
    const result = await importOrder(context, row, order);
    if (result.isDuplicate) totals.duplicates += 1;
    else if (result.outcome.status === "accepted") totals.imported += 1;
    else totals.rejected += 1;
    await session.acknowledgeOrder({ externalId: order.externalId, outcome: result.outcome });
  }
  return totals;
}

/** Enqueues a pull of the connection's orders (one pending at a time), now or after `delayMs`. */
export async function enqueuePull(
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
  delayMs = 0,
): Promise<void> {
  await context.services.jobs.enqueue(
    PULL_ORDERS_TASK,
    { connectionId },
    {
      organizationId,
      delayMs,
      concurrencyKey: connectionKey("orders", connectionId),
      supersedes: true,
      maxAttempts: context.settings.attempts,
    },
  );
}
