import type { FastifyInstance } from "fastify";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartCall, storefrontKey } from "../carts/testing.js";

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
