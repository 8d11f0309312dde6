import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { call, createEntity } from "../catalog/testing.js";
import { cartCall, createGuestCart, storefrontKey } from "../carts/testing.js";

/** A published product with a EUR price and stock in `warehouseId`; answers its id. */
export async function stockedProduct(
  app: FastifyInstance,
  input: { slug: string; warehouseId: string; price: number; onHand: number; title?: string },
): Promise<string> {
  const entityId = await createEntity(app, {
    slug: input.slug,
    ...(input.title ? { attributes: { en: { title: input.title } } } : {}),
  });
  await call(app, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount: input.price } });
  if (input.onHand > 0) {
    const adjusted = await call(app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId: input.warehouseId, type: "restock", quantity: input.onHand },
    });
    if (adjusted.status !== 200) throw new Error(`stock not set: ${JSON.stringify(adjusted.body)}`);
  }
  return entityId;
}

/** A warehouse of the default organization; answers its id. */
export async function createWarehouse(app: FastifyInstance, code = "main"): Promise<string> {
  return (await call(app, "POST", "/api/inventory/warehouses", { body: { name: code, code } })).body.data.id;
}

/** A guest cart holding `lines`; answers its id and token. */
export async function cartWith(
  app: FastifyInstance,
  lines: readonly { entityId: string; quantity: number; unitPriceSnapshot?: number }[],
): Promise<{ id: string; token: string }> {
  const cart = await createGuestCart(app);
  for (const line of lines) {
    const added = await cartCall(app, "POST", `/api/carts/${cart.id}/items`, {
      actor: storefrontKey,
      token: cart.token,
      body: line,
    });
    if (added.status !== 200) throw new Error(`item not added: ${JSON.stringify(added.body)}`);
  }
  return cart;
}

/** Checks a cart out as a guest through the storefront key. */
export function checkout(
  app: FastifyInstance,
  cart: { id: string; token?: string },
  body: Record<string, unknown> = {},
  actor: Actor = storefrontKey,
) {
  return cartCall(app, "POST", "/api/checkout", {
    actor,
    token: cart.token,
    body: { cartId: cart.id, paymentMethodId: "manual", currency: "EUR", ...body },
  });
}

const TRACE_KEYS = [
  "orders",
  "orderLines",
  "counters",
  "numbers",
  "paymentIntents",
  "reservations",
  "adjustments",
  "onHand",
  "reserved",
  "promotionUses",
  "redemptions",
  "checkedOut",
  "events",
  "auditEntries",
  "jobs",
] as const;

/** Counts and sums of everything a checkout writes. */
export type CheckoutTraces = Record<(typeof TRACE_KEYS)[number], number>;

/** What a checkout writes, counted: a refused checkout must leave every number as it was. */
export async function checkoutTraces(db: Kysely<CoreTables>): Promise<CheckoutTraces> {
  const { rows } = await sql<Record<(typeof TRACE_KEYS)[number], string>>`select
    (select count(*) from orders) as orders,
    (select count(*) from order_lines) as order_lines,
    (select count(*) from order_number_counters) as counters,
    (select coalesce(sum(last_value), 0) from order_number_counters) as numbers,
    (select count(*) from payment_intents) as payment_intents,
    (select count(*) from inventory_reservations) as reservations,
    (select count(*) from inventory_adjustments) as adjustments,
    (select coalesce(sum(on_hand), 0) from inventory_levels) as on_hand,
    (select coalesce(sum(reserved), 0) from inventory_levels) as reserved,
    (select coalesce(sum(used), 0) from promotions) as promotion_uses,
    (select count(*) from promotion_redemptions) as redemptions,
    (select count(*) from carts where status = 'checked_out') as checked_out,
    (select count(*) from domain_events) as events,
    (select count(*) from audit_entries) as audit_entries,
    (select count(*) from jobs) as jobs`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no traces");
  return Object.fromEntries(TRACE_KEYS.map((key) => [key, Number(row[key])])) as CheckoutTraces;
}
