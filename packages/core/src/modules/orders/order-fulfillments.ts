import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { isUuid } from "../../db/is-uuid.js";
import type { createFulfillmentInput, fulfillmentSchema } from "./order-fulfillment-schemas.js";
import { aftersaleScope } from "./order-aftersale-tables.js";
import { moveOrderStatus } from "./order-transitions.js";
import { refuseRepeatedLines } from "./refuse-repeated-lines.js";
import type { OrderStatus } from "./orders-context.js";
import { ordersErrorReasons } from "./orders-errors.js";

/** A fulfillment as the API answers it. */
export type Fulfillment = z.output<typeof fulfillmentSchema>;
export type CreateFulfillmentBody = z.output<typeof createFulfillmentInput>;

/** Statuses an order ships from: it was moved to `processing`, and perhaps shipped in part already. */
const FULFILLABLE_STATUSES: ReadonlySet<OrderStatus> = new Set(["processing", "partially_fulfilled"]);

const FULFILLMENT_COLUMNS = [
  "id",
  "orderId",
  "carrier",
  "trackingNumber",
  "trackingUrl",
  "actorId",
  "createdAt",
] as const;

export function createOrderFulfillments({ database, events }: { database: DatabaseAccess; events: EventBus }) {
  const notFound = () => AppError.notFound("Order");

  async function readFulfillments(
    db: DatabaseAccess["db"],
    organizationId: string,
    orderId: string,
    fulfillmentId?: string,
  ): Promise<Fulfillment[]> {
    const scope = aftersaleScope(db, organizationId);
    let query = scope.selectFrom("orderFulfillments").select(FULFILLMENT_COLUMNS).where("orderId", "=", orderId);
    if (fulfillmentId) query = query.where("id", "=", fulfillmentId);
    const rows = await query.orderBy("createdAt", "desc").orderBy("id", "desc").execute();
    if (rows.length === 0) return [];
    const lines = await scope
      .selectFrom("orderFulfillmentLines")
      .select(["fulfillmentId", "lineItemId", "quantity"])
      .where(
        "fulfillmentId",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("lineItemId")
      .execute();
    return rows.map((row) => ({
      ...row,
      lines: lines
        .filter((line) => line.fulfillmentId === row.id)
        .map(({ lineItemId, quantity }) => ({ lineItemId, quantity })),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return {
    /**
     * Ships units of a `processing` or `partially_fulfilled` order (409 otherwise). The order's row lock
     * makes the fulfillments of one order take turns, and each line moves by a guarded
     * `UPDATE ... WHERE fulfilled_quantity + q <= quantity` (422 beyond, nothing written), so no line is
     * ever shipped past what was ordered. The order then moves to `fulfilled` when every unit is
     * shipped, else to `partially_fulfilled` (`moveOrderStatus`), and `fulfillment.create` is emitted,
     * all in one transaction.
     */
    async createFulfillment(
      input: { organizationId: string; orderId: string; actor: Actor } & CreateFulfillmentBody,
      options?: TxOptions,
    ): Promise<Fulfillment> {
      const { organizationId, orderId, actor } = input;
      if (!isUuid(orderId)) throw notFound();
      refuseRepeatedLines(input.lines);
      return inTransaction(database, options, async (trx) => {
        const scope = aftersaleScope(trx, organizationId);
        const order = await scope
          .selectFrom("orders")
          .select(["status", "number"])
          .where("id", "=", orderId)
          .forUpdate()
          .executeTakeFirst();
        if (!order) throw notFound();
        if (!FULFILLABLE_STATUSES.has(order.status)) {
          throw ordersErrorReasons.error("ORDER_NOT_FULFILLABLE", {
            message: `A ${order.status.replaceAll("_", " ")} order cannot be fulfilled`,
            details: { status: order.status },
          });
        }
        const requested = input.lines
          .map((line, index) => ({ ...line, index }))
          .sort((a, b) => (a.lineItemId < b.lineItemId ? -1 : 1));
        for (const line of requested) {
          const updated = await scope
            .updateTable("orderLines")
            .set({ fulfilledQuantity: sql`fulfilled_quantity + ${line.quantity}` })
            .where("id", "=", line.lineItemId)
            .where("orderId", "=", orderId)
            .where(sql<boolean>`fulfilled_quantity + ${line.quantity} <= quantity`)
            .returning("id")
            .executeTakeFirst();
          if (updated) continue;
          const current = await scope
            .selectFrom("orderLines")
            .select(["quantity", "fulfilledQuantity"])
            .where("id", "=", line.lineItemId)
            .where("orderId", "=", orderId)
            .executeTakeFirst();
          const path = `body.lines.${line.index}`;
          throw AppError.validation([
            current
              ? {
                  path: `${path}.quantity`,
                  message: `at most ${current.quantity - current.fulfilledQuantity} unit(s) of this line are left to ship`,
                }
              : { path: `${path}.lineItemId`, message: "not a line of this order" },
          ]);
        }
        const id = randomUUID();
        await scope
          .insertInto("orderFulfillments", {
            id,
            orderId,
            carrier: input.carrier ?? null,
            trackingNumber: input.trackingNumber ?? null,
            trackingUrl: input.trackingUrl ?? null,
            actorId: actor.id,
            actorType: actor.type,
          })
          .execute();
        await scope
          .insertInto(
            "orderFulfillmentLines",
            input.lines.map(({ lineItemId, quantity }) => ({ fulfillmentId: id, lineItemId, quantity })),
          )
          .execute();

        const unshipped = await scope
          .selectFrom("orderLines")
          .select("id")
          .where("orderId", "=", orderId)
          .where(sql<boolean>`fulfilled_quantity < quantity`)
          .limit(1)
          .executeTakeFirst();
        const to: OrderStatus = unshipped ? "partially_fulfilled" : "fulfilled";
        if (to !== order.status)
          await moveOrderStatus(
            { events },
            { organizationId, orderId, to, actor, reason: `fulfillment ${id}` },
            { trx },
          );

        const [fulfillment] = await readFulfillments(trx, organizationId, orderId, id);
        if (!fulfillment) throw new Error("The fulfillment just written could not be read back");
        await events.emit(
          {
            organizationId,
            type: "fulfillment.create",
            entityType: "order",
            entityId: orderId,
            payload: { orderId, number: order.number, orderStatus: to, fulfillment },
            actor,
          },
          { trx },
        );
        return fulfillment;
      });
    },

    /**
     * Records the tracking a fulfillment provider answered (the shipping module's `shipping/create-shipment`
     * job) on a fulfillment that has none yet: what staff typed is never overwritten.
     */
    async setFulfillmentTracking(
      input: {
        organizationId: string;
        fulfillmentId: string;
        carrier: string;
        trackingNumber: string;
        trackingUrl: string | null;
      },
      options?: TxOptions,
    ): Promise<void> {
      await aftersaleScope(options?.trx ?? database.db, input.organizationId)
        .updateTable("orderFulfillments")
        .set({ carrier: input.carrier, trackingNumber: input.trackingNumber, trackingUrl: input.trackingUrl })
        .where("id", "=", input.fulfillmentId)
        .where("trackingNumber", "is", null)
        .execute();
    },

    /** An order's fulfillments, newest first; 404 for an order of another organization. */
    async listFulfillments(organizationId: string, orderId: string, options?: TxOptions): Promise<Fulfillment[]> {
      const db = options?.trx ?? database.db;
      if (!isUuid(orderId)) throw notFound();
      const order = await aftersaleScope(db, organizationId)
        .selectFrom("orders")
        .select("id")
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!order) throw notFound();
      return readFulfillments(db, organizationId, orderId);
    },
  };
}
