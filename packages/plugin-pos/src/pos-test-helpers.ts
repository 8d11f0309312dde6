import {
  createTestActor,
  createPluginTestAppWithAuth,
  jsonHeaders,
  type AuthPluginTestApp,
  type TestApp,
} from "@unified-commerce/plugin-sdk/testing";

type FastifyInstance = TestApp["app"];
import { sql } from "kysely";
import type { Actor, CommerceConfig } from "@unified-commerce/plugin-sdk";
import { pos } from "./pos-plugin.js";
import type { PosOptions } from "./pos-options.js";

/** What a shift key grants (the `pos-shift` scope): a cashier's role must hold all of it. */
const SHIFT_PERMISSIONS = [
  "pos:operate",
  "catalog:read",
  "inventory:read",
  "cart:create",
  "cart:read",
  "cart:update",
  "orders:create",
  "orders:read",
  "orders:update",
];

export const posTestRoles = {
  owner: { permissions: ["*:*"] },
  cashier: { permissions: SHIFT_PERMISSIONS },
  manager: { permissions: [...SHIFT_PERMISSIONS, "pos:manage"] },
  /** A member whose role is narrower than a shift key: pin-login refuses to mint them one. */
  greeter: { permissions: ["pos:operate", "catalog:read"] },
};

/** Cheap argon2id for tests only. */
export const TEST_PIN_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The kernel with auth and the point of sale, on a fresh database; `config` adds to the test configuration (payment adapters). */
export function bootPos(options: PosOptions = {}, config: CommerceConfig = {}): Promise<AuthPluginTestApp> {
  return createPluginTestAppWithAuth(pos({ pinHashing: TEST_PIN_HASHING, ...options }), {
    authConfig: { roles: posTestRoles },
    config,
  });
}

/** An operator of the store (`organizationId`, default "default") with everything, as set-up scripts act. */
export const storeAdmin = (organizationId = "default"): Actor =>
  createTestActor({ id: `admin-${organizationId}`, type: "apiKey", permissions: ["*:*"], organizationId });

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A JSON request as a test actor or with an API key; answers status and parsed body. */
export async function send(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { actor?: Actor; key?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {
    ...jsonHeaders(options.actor),
    ...(options.key ? { "x-api-key": options.key } : {}),
  };
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null, timeMs: 0 };
}

/** A till's device key (`pos-till`), minted by the store's admin. */
export async function tillKey(app: FastifyInstance, organizationId = "default"): Promise<string> {
  const minted = await send(app, "POST", "/api/auth/api-keys", {
    actor: storeAdmin(organizationId),
    body: { scope: "pos-till", name: "till 1" },
  });
  if (minted.status !== 201) throw new Error(`till key not minted: ${minted.status} ${JSON.stringify(minted.body)}`);
  return minted.body.data.key as string;
}

/** Sets an operator's PIN as the store's admin. */
export async function setPin(app: FastifyInstance, operatorId: string, pin: string, organizationId = "default") {
  return send(app, "PUT", "/api/pos/auth/pin", { actor: storeAdmin(organizationId), body: { operatorId, pin } });
}

/** Signs an operator in at the till; answers the response. */
export function pinLogin(app: FastifyInstance, till: string, operatorId: string, pin: string) {
  return send(app, "POST", "/api/pos/auth/pin-login", { key: till, body: { operatorId, pin } });
}

/** A published product with a EUR price and `onHand` units in `warehouseId`; answers its id. */
export async function stockedProduct(
  app: FastifyInstance,
  input: { slug: string; warehouseId: string; price: number; onHand: number; organizationId?: string },
): Promise<string> {
  const actor = storeAdmin(input.organizationId);
  const entity = await send(app, "POST", "/api/catalog/entities", {
    actor,
    body: { type: "product", status: "active", slug: input.slug, attributes: { en: { title: input.slug } } },
  });
  if (entity.status !== 201) throw new Error(`entity: ${JSON.stringify(entity.body)}`);
  const entityId = entity.body.data.id as string;
  const price = await send(app, "POST", "/api/pricing/prices", {
    actor,
    body: { entityId, currency: "EUR", amount: input.price },
  });
  if (price.status !== 201) throw new Error(`price: ${JSON.stringify(price.body)}`);
  if (input.onHand > 0) {
    const adjusted = await send(app, "POST", "/api/inventory/adjust", {
      actor,
      body: { entityId, warehouseId: input.warehouseId, type: "restock", quantity: input.onHand },
    });
    if (adjusted.status !== 200) throw new Error(`stock: ${JSON.stringify(adjusted.body)}`);
  }
  return entityId;
}

export async function createWarehouse(
  app: FastifyInstance,
  code = "main",
  organizationId = "default",
): Promise<string> {
  const created = await send(app, "POST", "/api/inventory/warehouses", {
    actor: storeAdmin(organizationId),
    body: { name: code, code },
  });
  if (created.status !== 201) throw new Error(`warehouse: ${JSON.stringify(created.body)}`);
  return created.body.data.id as string;
}

/**
 * An order of `lines` checked out (with the manual adapter unless `paymentMethodId` names another) and
 * confirmed by staff, so it can be refunded.
 */
export async function confirmedOrder(
  app: FastifyInstance,
  lines: readonly { entityId: string; quantity: number }[],
  options: { organizationId?: string; paymentMethodId?: string } = {},
) {
  const { organizationId = "default", paymentMethodId = "manual" } = options;
  const actor = storeAdmin(organizationId);
  const cart = await send(app, "POST", "/api/carts", { actor, body: { currency: "EUR" } });
  if (cart.status !== 201) throw new Error(`cart: ${JSON.stringify(cart.body)}`);
  const token = cart.body.data.cartToken as string;
  for (const line of lines) {
    const response = await app.inject({
      method: "POST",
      url: `/api/carts/${cart.body.data.id}/items`,
      headers: { ...jsonHeaders(actor), "x-cart-token": token },
      payload: JSON.stringify(line),
    });
    if (response.statusCode !== 200) throw new Error(`item: ${response.body}`);
  }
  const placed = await app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: { ...jsonHeaders(actor), "x-cart-token": token },
    payload: JSON.stringify({ cartId: cart.body.data.id, paymentMethodId, currency: "EUR" }),
  });
  if (placed.statusCode !== 201) throw new Error(`checkout: ${placed.body}`);
  const orderId = placed.json().data.id as string;
  const confirmed = await send(app, "PATCH", `/api/orders/${orderId}/status`, { actor, body: { status: "confirmed" } });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return confirmed.body.data as {
    id: string;
    number: string;
    total: number;
    paymentMethodId: string;
    lines: { lineItemId: string; entityId: string; quantity: number; total: number }[];
  };
}

/** Sets the store's `policies` settings group (the refund cap) as its admin. */
export async function setPolicies(
  app: FastifyInstance,
  policies: { refundDailyCap?: number | null; refundUndoWindowMinutes?: number | null },
  organizationId = "default",
) {
  const response = await send(app, "PATCH", "/api/settings/policies", {
    actor: storeAdmin(organizationId),
    body: policies,
  });
  if (response.status !== 200) throw new Error(`policies: ${JSON.stringify(response.body)}`);
}

/** Row counts (and unit sums) of what a refund, an override or an exchange writes; keys camelCased by the database's plugin. */
export interface StoreTraces {
  orders: number;
  orderLines: number;
  refundedUnits: number;
  refunds: number;
  refundLines: number;
  capUsed: number;
  timeline: number;
  onHand: number;
  reserved: number;
  adjustments: number;
  carts: number;
  payments: number;
  events: number;
  audit: number;
  jobs: number;
  overrides: number;
  usedOverrides: number;
}

/**
 * Everything a refund, an override or an exchange can write, across all stores: compared before and after
 * a refused request to show it wrote nothing (a rolled-back transaction leaves every count as it was).
 * `hasAdjustments: false` while a test has the stock log renamed away.
 */
export async function storeTraces(db: AuthPluginTestApp["db"], { hasAdjustments = true } = {}): Promise<StoreTraces> {
  const { rows } = await sql<StoreTraces>`
    select
      (select count(*)::int from orders) as orders,
      (select count(*)::int from order_lines) as order_lines,
      (select coalesce(sum(refunded_quantity), 0)::int from order_lines) as refunded_units,
      (select count(*)::int from order_refunds) as refunds,
      (select count(*)::int from order_refund_lines) as refund_lines,
      (select coalesce(sum(used), 0)::int from order_refund_caps) as cap_used,
      (select count(*)::int from order_timeline) as timeline,
      (select coalesce(sum(on_hand), 0)::int from inventory_levels) as on_hand,
      (select coalesce(sum(reserved), 0)::int from inventory_levels) as reserved,
      ${hasAdjustments ? sql`(select count(*)::int from inventory_adjustments)` : sql`0`} as adjustments,
      (select count(*)::int from carts) as carts,
      (select count(*)::int from payment_intents) as payments,
      (select count(*)::int from domain_events) as events,
      (select count(*)::int from audit_entries) as audit,
      (select count(*)::int from jobs) as jobs,
      (select count(*)::int from pos_overrides) as overrides,
      (select count(*)::int from pos_overrides where used_at is not null) as used_overrides`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no traces");
  return row;
}

/** On-hand units of a product across the store's warehouses. */
export async function onHand(db: AuthPluginTestApp["db"], entityId: string): Promise<number> {
  const { rows } = await sql<{
    units: number;
  }>`select coalesce(sum(on_hand), 0)::int as units from inventory_levels where entity_id = ${entityId}`.execute(db);
  return rows[0]?.units ?? 0;
}
