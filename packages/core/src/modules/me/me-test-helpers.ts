import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Actor } from "../../kernel/actor.js";
import type { Kernel } from "../../kernel/create-kernel.js";
import { createTestActor, jsonHeaders } from "../../testing/index.js";
import type { CreateOrderInput, Order, OrderStatus } from "../orders/index.js";
import { createOrder } from "../orders/testing.js";

/** What the reference server's customer role holds. */
export const CUSTOMER_PERMISSIONS = [
  "catalog:read",
  "customers:read:self",
  "customers:update:self",
  "orders:read:own",
  "orders:create",
  "cart:create",
  "cart:read",
  "cart:update",
];

/**
 * A signed-in customer (a `user` actor). Without a customer profile, the customer id is the user id:
 * `customer("ann")` is customer `user-ann`.
 */
export const customer = (
  name: string,
  options: { organizationId?: string; permissions?: readonly string[] } = {},
): Actor =>
  createTestActor({
    id: `user-${name}`,
    organizationId: options.organizationId ?? "default",
    permissions: options.permissions ?? CUSTOMER_PERMISSIONS,
  });

/** An administrator's API key: allowed everything, and still no one's session. */
export const adminApiKey: Actor = createTestActor({ id: "admin-key", type: "apiKey", permissions: ["*:*"] });

/** A system actor (jobs, webhooks) with every permission: no session either. */
export const systemActor: Actor = createTestActor({ id: "system", type: "system", permissions: ["*:*"] });

/** A request as `actor` (anonymous when omitted); answers status and parsed body. */
export async function meCall(
  app: FastifyInstance,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  options: { actor?: Actor; body?: unknown } = {},
) {
  const { "content-type": contentType, ...headers } = jsonHeaders(options.actor);
  const response = await app.inject({
    method,
    url,
    headers: options.body === undefined ? headers : { ...headers, "content-type": contentType as string },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  // inject's json() is untyped on purpose: tests read deep into answers they assert on.
  return { status: response.statusCode, body: response.body ? response.json() : { data: null } };
}

/** An order of `actor`'s customer, written as checkout writes it, then moved to `status` as staff would. */
export async function orderOf(
  kernel: Kernel,
  actor: Actor,
  overrides: Partial<CreateOrderInput> & { status?: OrderStatus } = {},
): Promise<Order> {
  const { status, ...input } = overrides;
  const order = await createOrder(kernel, {
    organizationId: actor.organizationId,
    customerId: actor.customerId ?? actor.id,
    ...input,
  });
  if (!status || status === "pending") return order;
  await sql`update orders set status = ${status} where id = ${order.id}`.execute(kernel.database.db);
  return { ...order, status };
}
