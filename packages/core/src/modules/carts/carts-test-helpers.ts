import type { FastifyInstance } from "fastify";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, jsonHeaders } from "../../testing/index.js";
import { CART_TOKEN_HEADER } from "./cart-token.js";

/** A storefront key: guests' carts (reached with their cart token) and their checkout. */
export const storefrontKey: Actor = createTestActor({
  id: "storefront-key",
  type: "apiKey",
  permissions: ["cart:create", "cart:read", "cart:update", "orders:create"],
});

/** A signed-in customer. */
export const shopper = (name: string, organizationId = "default"): Actor =>
  createTestActor({
    id: `user-${name}`,
    customerId: `customer-${name}`,
    organizationId,
    permissions: ["cart:create", "cart:read", "cart:update", "orders:create"],
  });

/** Staff at a till: any cart of the store, on a customer's behalf. */
export const cartStaff: Actor = createTestActor({
  id: "cart-staff",
  permissions: ["cart:create", "cart:read", "cart:update", "cart:manage", "orders:create", "orders:create:on-behalf"],
});

/** Sends a JSON request as `actor`, with the cart token when given; answers status and parsed body. */
export async function cartCall(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { actor: Actor; body?: unknown; token?: string | undefined; headers?: Record<string, string> },
) {
  const { "content-type": contentType, ...headers } = jsonHeaders(options.actor);
  const response = await app.inject({
    method,
    url,
    headers: {
      ...headers,
      ...(options.body === undefined ? {} : { "content-type": contentType as string }),
      ...(options.token === undefined ? {} : { [CART_TOKEN_HEADER]: options.token }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  // inject's json() is untyped on purpose: tests read deep into answers they assert on.
  return { status: response.statusCode, body: response.body ? response.json() : { data: null } };
}

/** Creates a guest cart through the API; answers its id and token. */
export async function createGuestCart(
  app: FastifyInstance,
  currency = "EUR",
  actor: Actor = storefrontKey,
): Promise<{ id: string; token: string }> {
  const response = await cartCall(app, "POST", "/api/carts", { actor, body: { currency } });
  if (response.status !== 201) throw new Error(`cart not created: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.data.id, token: response.body.data.cartToken };
}
