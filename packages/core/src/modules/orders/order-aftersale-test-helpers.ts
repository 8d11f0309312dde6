import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, jsonHeaders, type TestApp } from "../../testing/index.js";
import type { PaymentAdapter, RefundInput } from "../payments/index.js";
import type { CreateOrderInput } from "./order-operations.js";
import type { Order, OrderStatus } from "./orders-context.js";
import { orderInput } from "./orders-test-helpers.js";

/** Operators who refund and ship: `orders:update` and `orders:read`, each with their own daily cap. */
export const operator = (id: string): Actor => createTestActor({ id, permissions: ["orders:read", "orders:update"] });

/**
 * A `manual` payment adapter that records each refund it is asked for, and fails them while
 * `isDown` is set: the payout job's provider.
 */
export function recordingManualAdapter() {
  const refunds: RefundInput[] = [];
  const state = { isDown: false };
  const adapter: PaymentAdapter = {
    id: "manual",
    createIntent: async (input) => ({
      providerReference: `manual_${input.orderId}`,
      status: "pending",
      clientSecret: null,
    }),
    capture: async (input) => ({ providerReference: input.providerReference, status: "succeeded" }),
    refund: async (input) => {
      if (state.isDown) throw new Error("Provider unavailable");
      refunds.push(input);
      return { providerReference: `re_${refunds.length}`, status: "refunded" };
    },
  };
  return { adapter, refunds, state };
}

/**
 * An order as checkout leaves it (its manual payment intent answered by the provider's job), then
 * moved to `status` the way staff would have moved it.
 */
export async function paidOrder(
  t: TestApp,
  status: OrderStatus,
  overrides: Partial<CreateOrderInput> = {},
): Promise<Order> {
  const order = await t.kernel.database.transaction(async (trx) => {
    const created = await t.kernel.services.orders.create(orderInput({ paymentMethodId: "manual", ...overrides }), {
      trx,
    });
    await t.kernel.services.payments.recordIntent(
      {
        organizationId: "default",
        orderId: created.id,
        paymentMethodId: "manual",
        provider: "manual",
        amount: created.total,
        currency: created.currency,
      },
      { trx },
    );
    return created;
  });
  await t.kernel.services.jobs.run({ queue: "default", limit: 50 });
  await sql`update orders set status = ${status} where id = ${order.id}`.execute(t.db);
  return { ...order, status };
}

/** One line of `quantity` units worth `total` in all: the price rounds down, tax makes up the rest. */
export function singleLine(quantity: number, total: number): Partial<CreateOrderInput> {
  const unitPrice = Math.floor(total / quantity);
  const subtotal = unitPrice * quantity;
  const tax = total - subtotal;
  return {
    isTaxInclusive: false,
    subtotal,
    discountTotal: 0,
    taxTotal: tax,
    total,
    lines: [
      {
        entityId: randomUUID(),
        variantId: null,
        title: "Box",
        sku: null,
        quantity,
        unitPrice,
        subtotal,
        discount: 0,
        tax,
        total,
        taxRateBps: 0,
      },
    ],
  };
}

/** A POST with an optional `Idempotency-Key`, answering status and parsed body. */
export async function post(
  app: FastifyInstance,
  url: string,
  options: { actor: Actor; body?: unknown; idempotencyKey?: string },
) {
  const response = await app.inject({
    method: "POST",
    url,
    headers: {
      ...jsonHeaders(options.actor),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
    },
    payload: JSON.stringify(options.body ?? {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** Row counts that a refused refund or fulfillment must leave as they were. */
export async function aftersaleTraces(t: TestApp, orderId: string) {
  const count = async (query: ReturnType<typeof sql<{ count: number }>>) =>
    (await query.execute(t.db)).rows[0]?.count ?? 0;
  return {
    refunds: await count(sql`select count(*)::int as count from order_refunds where order_id = ${orderId}`),
    fulfillments: await count(sql`select count(*)::int as count from order_fulfillments where order_id = ${orderId}`),
    refunded: await count(
      sql`select coalesce(sum(refunded_quantity), 0)::int as count from order_lines where order_id = ${orderId}`,
    ),
    fulfilled: await count(
      sql`select coalesce(sum(fulfilled_quantity), 0)::int as count from order_lines where order_id = ${orderId}`,
    ),
    timeline: await count(sql`select count(*)::int as count from order_timeline where order_id = ${orderId}`),
    events: await count(sql`select count(*)::int as count from domain_events where entity_id = ${orderId}`),
    jobs: await count(sql`select count(*)::int as count from jobs where task_slug = 'orders/pay-refund'`),
    caps: await count(sql`select coalesce(sum(used), 0)::int as count from order_refund_caps`),
  };
}
