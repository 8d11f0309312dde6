import { sql, type Kysely } from "kysely";
import { createTestActor, jsonHeaders, testAdminActor, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import type { Actor, CoreTables } from "@unified-commerce/plugin-sdk";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Staff who run vendors (no approvals, no payouts). */
export const manager: Actor = createTestActor({
  id: "mp-manager",
  permissions: ["marketplace:read", "marketplace:manage"],
});

/** A user acting for a vendor (its member), with vendor self-service only. */
export const vendorUser = (userId: string, organizationId = "default"): Actor =>
  createTestActor({ id: userId, permissions: ["marketplace:vendor"], organizationId });

/** A shopper with a customer profile id. */
export const shopper = (customerId: string, organizationId = "default"): Actor =>
  createTestActor({
    id: `user-${customerId}`,
    role: "customer",
    customerId,
    organizationId,
    permissions: ["cart:create", "cart:read", "cart:update", "orders:read:own", "catalog:read"],
  });

/** The store's administrator in another organization. */
export const otherStoreAdmin: Actor = createTestActor({
  id: "other-admin",
  permissions: ["*:*"],
  organizationId: "another-store",
});

/** One HTTP call as `actor` (the store's administrator by default), answering status and body. */
export async function call(
  t: Pick<TestApp, "app">,
  method: Method,
  url: string,
  options: { actor?: Actor | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const actor = options.actor === null ? undefined : (options.actor ?? testAdminActor);
  const response = await t.app.inject({
    method,
    url,
    headers: { ...jsonHeaders(actor), ...options.headers },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

/** The headers of a real session (the auth plugin's bearer token). */
export const bearer = (token: string) => ({ actor: null, headers: { authorization: `Bearer ${token}` } });

/** Signs in through the auth plugin's route (the test password of `addMember`); answers the session token. */
export async function signIn(
  t: Pick<TestApp, "app">,
  email: string,
  password = "correct horse battery",
): Promise<string> {
  const signedIn = await call(t, "POST", "/api/auth/sign-in/email", { actor: null, body: { email, password } });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${JSON.stringify(signedIn.body)}`);
  return signedIn.body.data.token as string;
}

/** Signs a shopper up through the auth plugin's route; answers their user id and session token. */
export async function signUp(
  t: Pick<TestApp, "app">,
  input: { email: string; name: string },
): Promise<{ userId: string; token: string }> {
  const signedUp = await call(t, "POST", "/api/auth/sign-up/email", {
    actor: null,
    body: { ...input, password: "correct horse battery" },
  });
  if (signedUp.status !== 200) throw new Error(`sign-up: ${JSON.stringify(signedUp.body)}`);
  return { userId: signedUp.body.data.user.id as string, token: signedUp.body.data.token as string };
}

/** Creates a vendor (and approves it unless `isPending`); answers its id. */
export async function createVendor(
  t: Pick<TestApp, "app">,
  input: { slug: string; userIds?: string[]; isPending?: boolean; actor?: Actor },
): Promise<string> {
  const actor = input.actor ?? testAdminActor;
  const created = await call(t, "POST", "/api/marketplace/vendors", {
    actor,
    body: { name: input.slug, slug: input.slug, userIds: input.userIds ?? [] },
  });
  if (created.status !== 201) throw new Error(`vendor: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  if (!input.isPending) {
    const approved = await call(t, "POST", `/api/marketplace/vendors/${id}/approve`, { actor });
    if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
  }
  return id;
}

/** A published product with a EUR price and stock, sold by `vendorId` when given; answers its id. */
export async function vendorProduct(
  t: Pick<TestApp, "app">,
  input: { slug: string; price: number; vendorId?: string; categoryId?: string; actor?: Actor },
): Promise<string> {
  const actor = input.actor ?? testAdminActor;
  const entity = await call(t, "POST", "/api/catalog/entities", {
    actor,
    body: { type: "product", status: "active", slug: input.slug, attributes: { en: { title: input.slug } } },
  });
  if (entity.status !== 201) throw new Error(`entity: ${JSON.stringify(entity.body)}`);
  const entityId = entity.body.data.id as string;
  const price = await call(t, "POST", "/api/pricing/prices", {
    actor,
    body: { entityId, currency: "EUR", amount: input.price },
  });
  if (price.status >= 300) throw new Error(`price: ${JSON.stringify(price.body)}`);
  const warehouse = await call(t, "POST", "/api/inventory/warehouses", {
    actor,
    body: { name: `wh-${input.slug}`, code: `wh-${input.slug}` },
  });
  const adjusted = await call(t, "POST", "/api/inventory/adjust", {
    actor,
    body: { entityId, warehouseId: warehouse.body.data.id, type: "restock", quantity: 1000 },
  });
  if (adjusted.status !== 200) throw new Error(`stock: ${JSON.stringify(adjusted.body)}`);
  if (input.categoryId) {
    const attached = await call(t, "POST", `/api/catalog/entities/${entityId}/categories/${input.categoryId}`, {
      actor,
    });
    if (attached.status >= 300) throw new Error(`category: ${JSON.stringify(attached.body)}`);
  }
  if (input.vendorId) {
    const assigned = await call(t, "PUT", `/api/marketplace/vendors/${input.vendorId}/entities/${entityId}`, { actor });
    if (assigned.status !== 200) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
  }
  return entityId;
}

export interface PlacedOrder {
  id: string;
  number: string;
  total: number;
  lines: { lineItemId: string; entityId: string; quantity: number; total: number }[];
}

/**
 * Checks out `lines` for `customerId` with the manual adapter (as `actor`, or as the signed-in `session`
 * token: the order is then that customer's); `isConfirmed` then confirms it (paid, by the administrator).
 */
export async function placeOrder(
  t: Pick<TestApp, "app">,
  lines: readonly { entityId: string; quantity: number }[],
  options: { customerId?: string; isConfirmed?: boolean; actor?: Actor; session?: string } = {},
): Promise<PlacedOrder> {
  const as = options.session ? bearer(options.session) : { actor: options.actor ?? testAdminActor, headers: {} };
  const cart = await call(t, "POST", "/api/carts", {
    ...as,
    body: { currency: "EUR", ...(options.customerId ? { customerId: options.customerId } : {}) },
  });
  if (cart.status !== 201) throw new Error(`cart: ${JSON.stringify(cart.body)}`);
  const headers = { ...as.headers, "x-cart-token": cart.body.data.cartToken as string };
  for (const line of lines) {
    const added = await call(t, "POST", `/api/carts/${cart.body.data.id}/items`, { ...as, body: line, headers });
    if (added.status !== 200) throw new Error(`item: ${JSON.stringify(added.body)}`);
  }
  const body = {
    cartId: cart.body.data.id,
    paymentMethodId: "manual",
    currency: "EUR",
    ...(options.customerId ? { customerId: options.customerId } : {}),
  };
  const placed = await call(t, "POST", "/api/checkout", { ...as, body, headers });
  if (placed.status !== 201) throw new Error(`checkout: ${JSON.stringify(placed.body)}`);
  const order = placed.body.data as PlacedOrder;
  if (options.isConfirmed ?? true) {
    const confirmed = await call(t, "PATCH", `/api/orders/${order.id}/status`, { body: { status: "confirmed" } });
    if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  }
  return order;
}

const TRACE_KEYS = [
  "vendors",
  "members",
  "documents",
  "entities",
  "rules",
  "subOrders",
  "ledger",
  "payouts",
  "disputes",
  "returns",
  "reviews",
  "events",
  "jobs",
] as const;

/** Counts of everything the plugin writes: a refused request must leave them as they were. */
export async function marketplaceTraces(db: Kysely<CoreTables>): Promise<Record<(typeof TRACE_KEYS)[number], number>> {
  const { rows } = await sql<Record<(typeof TRACE_KEYS)[number], string>>`select
    (select count(*) from marketplace_vendors) as vendors,
    (select count(*) from marketplace_vendor_members) as members,
    (select count(*) from marketplace_vendor_documents) as documents,
    (select count(*) from marketplace_vendor_entities) as entities,
    (select count(*) from marketplace_commission_rules) as rules,
    (select count(*) from marketplace_sub_orders) as "subOrders",
    (select count(*) from marketplace_ledger) as ledger,
    (select count(*) from marketplace_payouts) as payouts,
    (select count(*) from marketplace_disputes) as disputes,
    (select count(*) from marketplace_returns) as returns,
    (select count(*) from marketplace_reviews) as reviews,
    (select count(*) from domain_events) as events,
    (select count(*) from jobs) as jobs`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no traces");
  return Object.fromEntries(TRACE_KEYS.map((key) => [key, Number(row[key])])) as Record<
    (typeof TRACE_KEYS)[number],
    number
  >;
}

/** Event types emitted about `entityId`, oldest first. */
export async function eventTypes(db: Kysely<CoreTables>, entityId: string): Promise<string[]> {
  const { rows } = await sql<{
    type: string;
  }>`select type from domain_events where entity_id = ${entityId} order by occurred_at, type`.execute(db);
  return rows.map((row) => row.type);
}
