import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartCall, createGuestCart, storefrontKey } from "../carts/testing.js";
import { checkout } from "../checkout/testing.js";

/** Staff who manage shipping, and nothing else. */
export const shippingManager: Actor = createTestActor({
  id: "shipping-manager",
  permissions: ["shipping:manage", "shipping:read"],
});

/** Posts to a shipping admin route as the manager; answers the created record, throwing on anything but 201. */
export async function createShipping(
  app: FastifyInstance,
  path: "profiles" | "zones" | "options",
  body: Record<string, unknown>,
  actor: Actor = shippingManager,
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await call(app, "POST", `/api/shipping/${path}`, { actor, body });
  if (response.status !== 201)
    throw new Error(`${path} not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Sets an entity's (or variant's) physical attributes; throws unless 200. */
export async function setAttributes(app: FastifyInstance, body: Record<string, unknown>): Promise<void> {
  const response = await call(app, "PUT", "/api/shipping/attributes", { actor: shippingManager, body });
  if (response.status !== 200)
    throw new Error(`attributes not set: ${response.status} ${JSON.stringify(response.body)}`);
}

/** A German address (zone matching reads country, state and postal code). */
export const berlin = { line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" };

/** Sets where a guest cart ships and the options chosen; answers status and body. */
export function setCartShipping(
  app: FastifyInstance,
  cart: { id: string; token: string },
  body: { address?: Record<string, unknown> | null; optionIds?: string[] },
) {
  return cartCall(app, "PUT", `/api/carts/${cart.id}/shipping`, { actor: storefrontKey, token: cart.token, body });
}

/** The options of a guest cart (`explain` adds the ones that do not apply). */
export async function shippingOptionsOf(
  app: FastifyInstance,
  cart: { id: string; token: string },
  query = "",
): Promise<{ isRequired: boolean; groups: { profileId: string | null; options: Record<string, unknown>[] }[] }> {
  const response = await cartCall(app, "GET", `/api/carts/${cart.id}/shipping-options${query}`, {
    actor: storefrontKey,
    token: cart.token,
  });
  if (response.status !== 200) throw new Error(`options not read: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A signed-in customer who buys what ships (the provider tests' shopper). */
export const ann: Actor = createTestActor({
  id: "user-ann",
  customerId: "customer-ann",
  permissions: ["cart:create", "cart:read", "cart:update", "orders:create", "orders:read:own"],
});

/** An order as the provider tests read it. */
export interface PlacedOrder {
  id: string;
  number: string;
  lines: { lineItemId: string }[];
}

/**
 * Ann's order of `quantity` units of `entityId` shipped to Berlin with `optionId`, moved to `processing`
 * as staff would (so it can be fulfilled); throws unless placed.
 */
export async function processingOrder(
  t: TestApp,
  input: { entityId: string; optionId: string; quantity: number },
): Promise<PlacedOrder> {
  const cart = await createGuestCart(t.app, "EUR", ann);
  await cartCall(t.app, "POST", `/api/carts/${cart.id}/items`, {
    actor: ann,
    body: { entityId: input.entityId, quantity: input.quantity },
  });
  await cartCall(t.app, "PUT", `/api/carts/${cart.id}/shipping`, {
    actor: ann,
    body: { address: berlin, optionIds: [input.optionId] },
  });
  const placed = await checkout(t.app, cart, {}, ann);
  if (placed.status !== 201) throw new Error(`not placed: ${JSON.stringify(placed.body)}`);
  const order = placed.body.data as PlacedOrder;
  await sql`update orders set status = 'processing' where id = ${order.id}`.execute(t.db);
  return order;
}

/** Fulfills `quantity` units of the order's first line as staff; answers status and body. */
export function fulfillFirstLine(app: FastifyInstance, order: PlacedOrder, quantity: number, extra = {}) {
  return call(app, "POST", `/api/orders/${order.id}/fulfillments`, {
    body: { lines: [{ lineItemId: order.lines[0]?.lineItemId, quantity }], ...extra },
  });
}

/** The order's shipments, as the shipping manager reads them. */
export async function shipmentsOf(app: FastifyInstance, orderId: string) {
  return (await call(app, "GET", `/api/shipping/shipments?orderId=${orderId}`, { actor: shippingManager })).body.data;
}
