import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import { AppError, inTransaction, type Actor, type CoreTables, type TxOptions } from "@unified-commerce/plugin-sdk";
import { assertParty, partiesOf } from "./aftersale-access.js";
import type { openReturnInput, returnSchema } from "./aftersale-schemas.js";
import { iso, isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { assertMove, returnMoves } from "./marketplace-states.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import { readSubOrderRow } from "./sub-orders.js";

export type Return = z.output<typeof returnSchema>;

const RETURN_COLUMNS = [
  "id",
  "subOrderId",
  "vendorId",
  "orderId",
  "customerId",
  "status",
  "reason",
  "trackingNumber",
  "refundId",
  "refundAmount",
  "shippedBackAt",
  "receivedAt",
  "createdAt",
  "updatedAt",
] as const;
type ReturnRow = Pick<Selectable<MarketplaceTables["marketplaceReturns"]>, (typeof RETURN_COLUMNS)[number]>;
const notFound = () => AppError.notFound("Return");

async function withLines(db: Kysely<CoreTables>, organizationId: string, row: ReturnRow): Promise<Return> {
  const lines = await marketplaceScope(db, organizationId)
    .selectFrom("marketplaceReturnLines")
    .select(["orderLineId", "quantity"])
    .where("returnId", "=", row.id)
    .orderBy("orderLineId")
    .execute();
  return {
    ...row,
    lines,
    refundAmount: row.refundAmount === null ? null : Number(row.refundAmount),
    shippedBackAt: iso(row.shippedBackAt),
    receivedAt: iso(row.receivedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Returns of some units of a sub-order: opened by the buyer or staff, shipped back by the buyer, received
 * by the vendor or staff, which refunds the units through the order's refund rules (refundable
 * quantities, the daily cap) in the same transaction; the refund then flows into the vendor's ledger.
 */
export function createReturnOperations(context: MarketplaceContext) {
  const { database, events, services } = context;

  const emit = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    actor: Actor,
    row: ReturnRow,
    from: ReturnRow["status"],
  ) =>
    events.emit(
      {
        organizationId,
        type: "marketplace.returnStatusChange",
        entityType: "return",
        entityId: row.id,
        payload: { vendorId: row.vendorId, returnId: row.id, from, to: row.status, refundId: row.refundId },
        actor,
      },
      { trx },
    );

  const readLocked = async (db: Kysely<CoreTables>, organizationId: string, id: string): Promise<ReturnRow> => {
    const row = isUuid(id)
      ? await marketplaceScope(db, organizationId)
          .selectFrom("marketplaceReturns")
          .select(RETURN_COLUMNS)
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    /** 422 for a line not of the sub-order, or more units than are left to refund on it. */
    open: (
      organizationId: string,
      actor: Actor,
      body: z.output<typeof openReturnInput>,
      options?: TxOptions,
    ): Promise<Return> =>
      inTransaction(database, options, async (trx) => {
        const sub = await readSubOrderRow(trx, organizationId, body.subOrderId);
        assertParty(await partiesOf(trx, actor, sub), ["buyer", "staff"], "Sub-order");
        const scope = marketplaceScope(trx, organizationId);
        const lines = await scope
          .selectFrom("marketplaceSubOrderLines")
          .select(["orderLineId", "quantity", "refundedQuantity"])
          .where("subOrderId", "=", sub.id)
          .execute();
        const byId = new Map(lines.map((line) => [line.orderLineId, line]));
        const seen = new Set<string>();
        body.lines.forEach((line, index) => {
          const own = byId.get(line.orderLineId);
          const path = `body.lines.${index}`;
          if (!own || seen.has(line.orderLineId))
            throw AppError.validation([
              { path: `${path}.orderLineId`, message: "Not a line of this sub-order, or named twice" },
            ]);
          if (line.quantity > own.quantity - own.refundedQuantity)
            throw AppError.validation([{ path: `${path}.quantity`, message: "More units than are left to refund" }]);
          seen.add(line.orderLineId);
        });
        const now = new Date();
        const row = await scope
          .insertInto("marketplaceReturns", {
            id: randomUUID(),
            subOrderId: sub.id,
            vendorId: sub.vendorId,
            orderId: sub.orderId,
            customerId: sub.customerId,
            status: "requested",
            reason: body.reason,
            trackingNumber: null,
            refundId: null,
            refundAmount: null,
            shippedBackAt: null,
            receivedAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(RETURN_COLUMNS)
          .executeTakeFirstOrThrow();
        await scope
          .insertInto(
            "marketplaceReturnLines",
            body.lines.map((line) => ({ returnId: row.id, orderLineId: line.orderLineId, quantity: line.quantity })),
          )
          .execute();
        await events.emit(
          {
            organizationId,
            type: "marketplace.returnOpen",
            entityType: "return",
            entityId: row.id,
            payload: { vendorId: sub.vendorId, returnId: row.id, subOrderId: sub.id },
            actor,
          },
          { trx },
        );
        return withLines(trx, organizationId, row);
      }),

    /** The buyer (or staff) sent the units back. */
    shipBack: (
      organizationId: string,
      actor: Actor,
      returnId: string,
      trackingNumber: string,
      options?: TxOptions,
    ): Promise<Return> =>
      inTransaction(database, options, async (trx) => {
        const current = await readLocked(trx, organizationId, returnId);
        assertParty(await partiesOf(trx, actor, current), ["buyer", "staff"], "Return");
        const { to } = assertMove("return", returnMoves, "shipBack", current.status);
        const now = new Date();
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplaceReturns")
          .set({ status: to, trackingNumber, shippedBackAt: now, updatedAt: now })
          .where("id", "=", current.id)
          .where("status", "=", current.status)
          .returning(RETURN_COLUMNS)
          .executeTakeFirstOrThrow();
        await emit(trx, organizationId, actor, row, current.status);
        return withLines(trx, organizationId, row);
      }),

    /** The vendor (or staff) received the units: the order refunds them, in this transaction. */
    receive: (organizationId: string, actor: Actor, returnId: string, options?: TxOptions): Promise<Return> =>
      inTransaction(database, options, async (trx) => {
        const current = await readLocked(trx, organizationId, returnId);
        assertParty(await partiesOf(trx, actor, current), ["vendor", "staff"], "Return");
        const { to } = assertMove("return", returnMoves, "receive", current.status);
        const lines = await marketplaceScope(trx, organizationId)
          .selectFrom("marketplaceReturnLines")
          .select(["orderLineId", "quantity"])
          .where("returnId", "=", current.id)
          .execute();
        const refund = await services.orders.refund(
          {
            organizationId,
            orderId: current.orderId,
            actor,
            lines: lines.map((line) => ({ lineItemId: line.orderLineId, quantity: line.quantity })),
            reason: `return: ${current.reason}`,
          },
          { trx },
        );
        const now = new Date();
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplaceReturns")
          .set({ status: to, refundId: refund.id, refundAmount: refund.amount, receivedAt: now, updatedAt: now })
          .where("id", "=", current.id)
          .where("status", "=", current.status)
          .returning(RETURN_COLUMNS)
          .executeTakeFirstOrThrow();
        await emit(trx, organizationId, actor, row, current.status);
        return withLines(trx, organizationId, row);
      }),
  };
}
