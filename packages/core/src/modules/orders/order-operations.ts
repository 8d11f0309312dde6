import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { accountableActor, type Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { HookRunner } from "../../kernel/hook-runner.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { isUuid } from "../../db/is-uuid.js";
import { insertNumberedOrder, yearIn } from "./order-number.js";
import { moveOrderStatus } from "./order-transitions.js";
import {
  ORDER_COLUMNS,
  ORDER_LINE_COLUMNS,
  ordersScope,
  toOrder,
  type Order,
  type OrderLine,
} from "./orders-context.js";
import { ordersErrorReasons } from "./orders-errors.js";
import { ORDER_NUMBER } from "./orders-schemas.js";

/** One line as checkout computed it; the order adds its id, `refundedQuantity: 0` and `fulfilledQuantity: 0`. */
export type CreateOrderLineInput = Omit<OrderLine, "lineItemId" | "refundedQuantity" | "fulfilledQuantity">;

/** What checkout hands `services.orders.create`: every amount already computed on the server. */
export interface CreateOrderInput
  extends Omit<
    Order,
    | "id"
    | "number"
    | "status"
    | "lines"
    | "createdAt"
    | "updatedAt"
    | "shippingTotal"
    | "shippingTaxTotal"
    | "shippingMethods"
  > {
  /** Shipping charged on top of the lines, its tax included, in `total`. @default 0 */
  shippingTotal?: number;
  /** The tax inside `shippingTotal`. @default 0 */
  shippingTaxTotal?: number;
  /** The shipping options charged (the shipping module's methods). @default [] */
  shippingMethods?: Order["shippingMethods"];
  organizationId: string;
  /** Who placed the order (the domain event and audit entry name them). */
  actor: Actor | null;
  lines: readonly CreateOrderLineInput[];
  /** The order's id, when the caller wrote rows naming it first; a fresh one otherwise. */
  id?: string;
}

interface OrderOperationsContext {
  database: DatabaseAccess;
  events: EventBus;
  /** Runs `orders.afterCreate` once the transaction that created the order commits. */
  hooks: HookRunner;
  /** Settings: the store's time zone, whose year the order number carries. */
  services: Services;
}

const notFound = () => AppError.notFound("Order");

async function readOrder(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  idOrNumber: string,
): Promise<Order> {
  const scope = ordersScope(db, organizationId);
  let query = scope.selectFrom("orders").select(ORDER_COLUMNS);
  if (isUuid(idOrNumber)) query = query.where("id", "=", idOrNumber);
  else if (ORDER_NUMBER.test(idOrNumber)) query = query.where("number", "=", idOrNumber);
  else throw notFound();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  const lines = await scope
    .selectFrom("orderLines")
    .select(ORDER_LINE_COLUMNS)
    .where("orderId", "=", row.id)
    .orderBy("position")
    .execute();
  return toOrder(row, lines);
}

export function createOrderOperations({ database, events, hooks, services }: OrderOperationsContext) {
  return {
    /**
     * Writes a `pending` order and its lines inside the caller's transaction (checkout's), with the next
     * gapless number of the organization's year, and emits `orders.create` there; `orders.afterCreate`
     * runs once that transaction commits (its failures reach whoever opened it with
     * `transactionWithHookErrors`, as checkout's `meta.hookErrors`). Call it last in the transaction (the
     * number's counter row stays locked until commit: `insertNumberedOrder`); `id` lets the caller write
     * what refers to the order (payment intent, redemptions, the cart) before it.
     */
    async create(input: CreateOrderInput, options: Required<TxOptions>): Promise<Order> {
      const { trx } = options;
      const {
        organizationId,
        actor,
        lines,
        id = randomUUID(),
        shippingTotal = 0,
        shippingTaxTotal = 0,
        shippingMethods = [],
        ...rest
      } = input;
      const fields = { ...rest, shippingTotal, shippingTaxTotal, shippingMethods };
      if (lines.length === 0)
        throw AppError.validation([{ path: "lines", message: "an order needs at least one line" }]);
      const { timezone } = await services.settings.get(organizationId, "general", { trx });
      // The staff-sales report credits the person behind a till's shift key, as refunds do.
      const placedBy = actor ? accountableActor(actor) : null;
      const orderLines: OrderLine[] = lines.map((line) => ({
        lineItemId: randomUUID(),
        ...line,
        refundedQuantity: 0,
        fulfilledQuantity: 0,
      }));
      // The event's payload is known here but for the number, which the order's statement takes and
      // writes into the event's row too (`insertNumberedOrder`).
      const placedAt = new Date();
      const unnumbered: Order = {
        ...fields,
        id,
        number: "",
        status: "pending",
        promotionCodes: [...fields.promotionCodes],
        lines: orderLines,
        createdAt: placedAt.toISOString(),
        updatedAt: placedAt.toISOString(),
      };
      const stored = JSON.stringify({ order: unnumbered });
      const created = await events.emitWithin(
        { organizationId, type: "orders.create", entityType: "order", entityId: id, actor },
        async (outboxRow) => {
          const number = await insertNumberedOrder(trx, {
            organizationId,
            year: yearIn(placedAt, timezone ?? "UTC"),
            order: {
              ...fields,
              id,
              status: "pending",
              shippingAddress: fields.shippingAddress === null ? null : JSON.stringify(fields.shippingAddress),
              shippingMethods: JSON.stringify(fields.shippingMethods),
              promotionCodes: [...fields.promotionCodes],
              placedById: placedBy?.id ?? null,
              placedByType: placedBy?.type ?? null,
              createdAt: placedAt,
              updatedAt: placedAt,
            },
            lines: orderLines.map(({ lineItemId, ...line }, position) => ({
              ...line,
              id: lineItemId,
              orderId: id,
              position,
            })),
            alsoInsert: (numberSql) =>
              outboxRow(sql<string>`jsonb_set(${stored}::jsonb, '{order,number}', to_jsonb(${numberSql}))`),
          });
          const order: Order = { ...unnumbered, number };
          return { result: order, payload: { order } };
        },
        { trx },
      );
      hooks.runAfterCommit("orders.afterCreate", created, { organizationId, actor, services, trx });
      return created;
    },

    /** An order by UUID or number (`ORD-2026-000042`); 404 for anything else, another organization's included. */
    get: (organizationId: string, idOrNumber: string, options?: TxOptions): Promise<Order> =>
      readOrder(options?.trx ?? database.db, organizationId, idOrNumber),

    /**
     * Moves a `pending` order to `confirmed` because its payment succeeded (`moveOrderStatus`: the event,
     * audit and timeline entries in `trx`). An order already past `pending` stays as it is (answers false);
     * an unknown one, or another organization's, is a 404.
     */
    async confirmPayment(
      input: { organizationId: string; orderId: string },
      options: Required<TxOptions>,
    ): Promise<boolean> {
      try {
        await moveOrderStatus(
          { events },
          { ...input, to: "confirmed", actor: null, reason: "payment succeeded" },
          options,
        );
        return true;
      } catch (error) {
        // A refused move is thrown before or after a guarded update that changed nothing: the caller's
        // transaction is intact, and a late or repeated payment event is no error. Any other failure (a
        // subscriber's, even a 409) is one.
        const reason = ordersErrorReasons.reasonOf(error);
        if (reason === "ORDER_TRANSITION_NOT_ALLOWED" || reason === "ORDER_STATUS_CHANGED") return false;
        throw error;
      }
    },
  };
}
