import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  pageOffset,
  type Actor,
  type CoreTables,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { iso, isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { assertMove, subOrderMoves } from "./marketplace-states.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import type {
  listSubOrdersQuery,
  subOrderLineSchema,
  subOrderSchema,
  subOrderSummarySchema,
} from "./sub-order-schemas.js";

export type SubOrder = z.output<typeof subOrderSchema>;
export type SubOrderSummary = z.output<typeof subOrderSummarySchema>;
export type SubOrderLine = z.output<typeof subOrderLineSchema>;
export type ListSubOrdersQuery = z.output<typeof listSubOrdersQuery>;
export type SubOrderMove = keyof typeof subOrderMoves;

const SUB_ORDER_COLUMNS = [
  "id",
  "orderId",
  "orderNumber",
  "vendorId",
  "customerId",
  "status",
  "currency",
  "total",
  "commissionTotal",
  "shippingMethods",
  "shippingTotal",
  "isSettled",
  "trackingNumber",
  "carrier",
  "confirmedAt",
  "shippedAt",
  "deliveredAt",
  "cancelledAt",
  "createdAt",
  "updatedAt",
] as const;
type SubOrderRow = Pick<Selectable<MarketplaceTables["marketplaceSubOrders"]>, (typeof SUB_ORDER_COLUMNS)[number]>;
const LINE_COLUMNS = [
  "id",
  "orderLineId",
  "entityId",
  "variantId",
  "title",
  "quantity",
  "total",
  "commission",
  "commissionRuleId",
  "commissionType",
  "commissionRateBps",
  "refundedQuantity",
  "refundedAmount",
  "refundedCommission",
] as const;

const toSummary = (row: SubOrderRow): SubOrderSummary => {
  const total = Number(row.total);
  const commissionTotal = Number(row.commissionTotal);
  const shippingTotal = Number(row.shippingTotal);
  return {
    ...row,
    total,
    commissionTotal,
    shippingTotal,
    vendorTotal: total + shippingTotal - commissionTotal,
    confirmedAt: iso(row.confirmedAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

export const subOrderNotFound = () => AppError.notFound("Sub-order");

/** A sub-order of the organization (and of `vendorId` when given: another vendor's is a 404), locked when asked. */
export async function readSubOrderRow(
  db: Kysely<CoreTables>,
  organizationId: string,
  subOrderId: string,
  options: { vendorId?: string; isLocked?: boolean } = {},
): Promise<SubOrderRow> {
  if (!isUuid(subOrderId)) throw subOrderNotFound();
  let query = marketplaceScope(db, organizationId)
    .selectFrom("marketplaceSubOrders")
    .select(SUB_ORDER_COLUMNS)
    .where("id", "=", subOrderId);
  if (options.vendorId) query = query.where("vendorId", "=", options.vendorId);
  const row = await (options.isLocked ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw subOrderNotFound();
  return row;
}

async function withLines(db: Kysely<CoreTables>, organizationId: string, row: SubOrderRow): Promise<SubOrder> {
  const lines = await marketplaceScope(db, organizationId)
    .selectFrom("marketplaceSubOrderLines")
    .select(LINE_COLUMNS)
    .where("subOrderId", "=", row.id)
    .orderBy("orderLineId")
    .execute();
  return {
    ...toSummary(row),
    lines: lines.map((line) => ({
      ...line,
      total: Number(line.total),
      commission: Number(line.commission),
      refundedAmount: Number(line.refundedAmount),
      refundedCommission: Number(line.refundedCommission),
    })),
  };
}

/** What a move sets beside the status. */
export interface MoveDetails {
  trackingNumber?: string | undefined;
  carrier?: string | undefined;
  reason?: string | undefined;
}

/** Sub-orders: listed and read by staff and by their vendor, moved along `subOrderMoves` by either. */
export function createSubOrderOperations(context: MarketplaceContext) {
  const { database, events } = context;
  return {
    /** `vendorId` narrows to one vendor (the vendor's own list always passes it). */
    list: async (
      organizationId: string,
      query: ListSubOrdersQuery,
      options?: TxOptions,
    ): Promise<{ items: SubOrderSummary[]; total: number }> => {
      let base = marketplaceScope(options?.trx ?? database.db, organizationId).selectFrom("marketplaceSubOrders");
      if (query.vendorId) base = base.where("vendorId", "=", query.vendorId);
      if (query.status) base = base.where("status", "=", query.status);
      if (query.orderId) base = base.where("orderId", "=", query.orderId);
      const [rows, counted] = await Promise.all([
        base
          .select(SUB_ORDER_COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSummary), total: Number(counted.count) };
    },

    get: async (
      organizationId: string,
      subOrderId: string,
      options: TxOptions & { vendorId?: string } = {},
    ): Promise<SubOrder> => {
      const db = options.trx ?? database.db;
      return withLines(
        db,
        organizationId,
        await readSubOrderRow(db, organizationId, subOrderId, options.vendorId ? { vendorId: options.vendorId } : {}),
      );
    },

    /**
     * Moves a sub-order (409 for a move its machine refuses), by one guarded `UPDATE ... WHERE status IN
     * (from)`. `vendorId` confines it to that vendor's sub-orders (404 for another's). Cancelling a paid
     * sub-order refunds its lines' remaining units through the order's own refund rules (caps included),
     * in the same transaction: the refund then flows into the ledger like any other.
     */
    move: (
      organizationId: string,
      actor: Actor,
      input: { subOrderId: string; move: SubOrderMove; vendorId?: string | undefined } & MoveDetails,
      options?: TxOptions,
    ): Promise<SubOrder> =>
      inTransaction(database, options, async (trx) => {
        const current = await readSubOrderRow(trx, organizationId, input.subOrderId, {
          isLocked: true,
          ...(input.vendorId ? { vendorId: input.vendorId } : {}),
        });
        const { from, to } = assertMove("sub-order", subOrderMoves, input.move, current.status);
        const now = new Date();
        const stamp: Partial<Record<"confirmedAt" | "shippedAt" | "deliveredAt" | "cancelledAt", Date>> = {
          [`${to}At`]: now,
        };
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplaceSubOrders")
          .set({
            status: to,
            updatedAt: now,
            ...stamp,
            ...(to === "shipped"
              ? { trackingNumber: input.trackingNumber ?? null, carrier: input.carrier ?? null }
              : {}),
          })
          .where("id", "=", current.id)
          .where("status", "in", [...from])
          .returning(SUB_ORDER_COLUMNS)
          .executeTakeFirst();
        if (!row) throw AppError.conflict("The sub-order moved meanwhile; read it again");
        if (to === "cancelled" && current.isSettled)
          await refundRemaining(context, trx, { organizationId, actor, row, reason: input.reason });
        await events.emit(
          {
            organizationId,
            type: "marketplace.subOrderStatusChange",
            entityType: "subOrder",
            entityId: row.id,
            payload: {
              vendorId: row.vendorId,
              subOrderId: row.id,
              orderId: row.orderId,
              from: current.status,
              to,
              trackingNumber: row.trackingNumber,
            },
            actor,
          },
          { trx },
        );
        return withLines(trx, organizationId, row);
      }),
  };
}

async function refundRemaining(
  context: MarketplaceContext,
  trx: Transaction<CoreTables>,
  input: { organizationId: string; actor: Actor; row: SubOrderRow; reason: string | undefined },
): Promise<void> {
  const lines = await marketplaceScope(trx, input.organizationId)
    .selectFrom("marketplaceSubOrderLines")
    .select(["orderLineId", "quantity", "refundedQuantity"])
    .where("subOrderId", "=", input.row.id)
    .execute();
  const remaining = lines
    .filter((line) => line.quantity > line.refundedQuantity)
    .map((line) => ({ lineItemId: line.orderLineId, quantity: line.quantity - line.refundedQuantity }));
  if (remaining.length === 0) return;
  await context.services.orders.refund(
    {
      organizationId: input.organizationId,
      orderId: input.row.orderId,
      actor: input.actor,
      lines: remaining,
      reason: input.reason ?? `sub-order ${input.row.id} cancelled`,
    },
    { trx },
  );
}
