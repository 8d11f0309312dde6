import type { Kysely } from "kysely";
import { sql } from "kysely";
import {
  createPluginTestApp,
  createTestActor,
  jsonHeaders,
  testAdminActor,
  type TestApp,
} from "@unified-commerce/plugin-sdk/testing";
import type { Actor, CommerceConfig, CoreTables } from "@unified-commerce/plugin-sdk";
import { channelConnector } from "./channel-plugin.js";
import type { ChannelConnectorOptions } from "./channel-options.js";
import { restStoreAdapter, type FetchLike } from "./rest-store-adapter.js";

/** The other store: a second organization of the same server, reached over HTTP with its API key. */
export const REMOTE_ORGANIZATION = "remote-store";
export const remoteAdmin: Actor = createTestActor({
  id: "remote-admin",
  role: "admin",
  permissions: ["*:*"],
  organizationId: REMOTE_ORGANIZATION,
});
/** The API key the connection stores; the test's fetch accepts only it. */
export const REMOTE_API_KEY = "uc_remote_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
export const REMOTE_BASE_URL = "https://remote-store.test";

/** A guest shopper's storefront key (carts and checkout). */
export const shopper: Actor = createTestActor({
  id: "storefront",
  type: "apiKey",
  permissions: ["cart:create", "cart:read", "cart:update", "orders:create", "catalog:read"],
});

/** One request the adapter made to the other store. */
export interface RemoteCall {
  method: string;
  path: string;
}

/** Two stores on one test server: this one (`default`) with the connector, and the remote organization. */
export interface TwoStores {
  t: TestApp;
  /** Every call of the adapter that reached the remote store, in order (a simulated crash never does). */
  calls: RemoteCall[];
  /** Makes the next matching call fail like a dead worker (once per registration). */
  failOnce(match: (call: RemoteCall, index: number) => boolean): void;
  /** Makes the remote store answer the next matching call with `status` and an error (once per registration). */
  refuseOnce(match: (call: RemoteCall) => boolean, status: number): void;
  /** The remote store as the adapter reaches it (recorded in `calls`, failures and refusals applied). */
  fetch: FetchLike;
  close(): Promise<void>;
}

/**
 * Boots the server with the connector whose `rest-store` adapter's fetch routes to this same server's
 * `app.inject`: the real HTTP path of the adapter, minus the network. A request carrying the remote
 * store's API key acts as the remote organization's administrator; any other key is a 401.
 */
export async function connectTwoStores(
  options: Omit<ChannelConnectorOptions, "adapters"> = {},
  config: CommerceConfig = {},
): Promise<TwoStores> {
  const calls: RemoteCall[] = [];
  const failures: ((call: RemoteCall, index: number) => boolean)[] = [];
  const refusals: { match: (call: RemoteCall) => boolean; status: number }[] = [];
  let app: TestApp | null = null;
  const fetch: FetchLike = async (url, init) => {
    if (!app) throw new Error("the test server is not up yet");
    const target = new URL(url);
    const call = { method: init.method, path: `${target.pathname}${target.search}` };
    const failing = failures.findIndex((match) => match(call, calls.length));
    if (failing >= 0) {
      failures.splice(failing, 1);
      throw new Error(`simulated crash during ${call.method} ${call.path}`);
    }
    calls.push(call);
    const refusal = refusals.findIndex((candidate) => candidate.match(call));
    const refused = refusal >= 0 ? refusals.splice(refusal, 1)[0] : undefined;
    if (refused)
      return {
        status: refused.status,
        json: async () => ({ error: { code: "VALIDATION_FAILED", message: "refused by the test" } }),
      };
    const isKnownKey = init.headers["x-api-key"] === REMOTE_API_KEY && target.origin === REMOTE_BASE_URL;
    const response = await app.app.inject({
      method: init.method as "GET",
      url: call.path,
      headers: isKnownKey ? jsonHeaders(remoteAdmin) : { "content-type": "application/json" },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: response.statusCode, json: async () => response.json() as unknown };
  };
  app = await createPluginTestApp(
    channelConnector({ retryDelayMs: 0, ...options, adapters: [restStoreAdapter({ fetch })] }),
    { config },
  );
  const t = app;
  return {
    t,
    calls,
    fetch,
    failOnce: (match) => failures.push(match),
    refuseOnce: (match, status) => refusals.push({ match, status }),
    close: () => t.close(),
  };
}

/** One HTTP call as `actor` (this store's administrator by default), answering status and body. */
export async function call(
  t: TestApp,
  method: "GET" | "POST" | "DELETE" | "PATCH",
  url: string,
  options: { actor?: Actor; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...jsonHeaders(options.actor ?? testAdminActor), ...options.headers },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return { status: response.statusCode, body: response.json(), text: response.body };
}

/** Connects this store to the remote one; answers the connection's id. */
export async function connectRemote(t: TestApp): Promise<string> {
  const created = await call(t, "POST", "/api/channels", {
    body: {
      name: "Remote store",
      adapterId: "rest-store",
      currency: "EUR",
      settings: { baseUrl: REMOTE_BASE_URL },
      credentials: { apiKey: REMOTE_API_KEY },
    },
  });
  if (created.status !== 201) throw new Error(`not connected: ${created.text}`);
  return created.body.data.id as string;
}

/** A warehouse of `actor`'s store; answers its id. */
export async function warehouse(t: TestApp, code: string, actor: Actor = testAdminActor): Promise<string> {
  const created = await call(t, "POST", "/api/inventory/warehouses", { actor, body: { name: code, code } });
  if (created.status !== 201) throw new Error(`warehouse not created: ${created.text}`);
  return created.body.data.id as string;
}

/** A published product of this store with a EUR price and `onHand` units; answers its id. */
export async function product(
  t: TestApp,
  input: { slug: string; price: number; onHand?: number; warehouseId?: string },
): Promise<string> {
  const entity = await call(t, "POST", "/api/catalog/entities", {
    body: { type: "product", status: "active", slug: input.slug, attributes: { en: { title: `Title ${input.slug}` } } },
  });
  if (entity.status !== 201) throw new Error(`entity not created: ${entity.text}`);
  const entityId = entity.body.data.id as string;
  const price = await call(t, "POST", "/api/pricing/prices", {
    body: { entityId, currency: "EUR", amount: input.price },
  });
  if (price.status >= 300) throw new Error(`price not set: ${price.text}`);
  if (input.onHand && input.warehouseId)
    await adjust(t, { entityId, warehouseId: input.warehouseId, type: "restock", quantity: input.onHand });
  return entityId;
}

export async function adjust(
  t: TestApp,
  body: { entityId: string; warehouseId: string; type: "restock" | "sale" | "correction"; quantity: number },
  actor: Actor = testAdminActor,
) {
  const adjusted = await call(t, "POST", "/api/inventory/adjust", { actor, body });
  if (adjusted.status !== 200) throw new Error(`stock not adjusted: ${adjusted.text}`);
}

/** Available units of an entity in `actor`'s store. */
export async function availableOf(t: TestApp, entityId: string, actor: Actor = testAdminActor): Promise<number> {
  const checked = await call(t, "GET", `/api/inventory/check?entityIds=${entityId}`, { actor });
  if (checked.status !== 200) throw new Error(`stock not read: ${checked.text}`);
  return checked.body.data[0].available as number;
}

/** Runs due jobs one at a time until none is due (at most `max` runs); answers how many ran. */
export async function drainJobs(t: TestApp, max = 1000): Promise<number> {
  let ran = 0;
  while (ran < max) {
    const { processed } = await t.kernel.services.jobs.run({ queue: "default", limit: 1 });
    if (processed === 0) break;
    ran += processed;
  }
  return ran;
}

/** Places a guest order of `lines` in `actor`'s store through the storefront's routes. */
export async function checkoutLines(
  t: TestApp,
  lines: readonly { entityId: string; quantity: number }[],
  actor: Actor = shopper,
) {
  const cart = await call(t, "POST", "/api/carts", { actor, body: { currency: "EUR" } });
  if (cart.status !== 201) throw new Error(`cart not created: ${cart.text}`);
  const headers = { "x-cart-token": cart.body.data.cartToken as string };
  for (const line of lines) {
    const added = await call(t, "POST", `/api/carts/${cart.body.data.id}/items`, { actor, headers, body: line });
    if (added.status !== 200) throw new Error(`item not added: ${added.text}`);
  }
  return call(t, "POST", "/api/checkout", {
    actor,
    headers,
    body: { cartId: cart.body.data.id, paymentMethodId: "manual", currency: "EUR" },
  });
}

/** Every row of every table of the test schema, as text: what a database dump would hold. */
export async function databaseDump(db: Kysely<CoreTables>): Promise<string> {
  const { rows } = await sql<{
    tableName: string;
  }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
    db,
  );
  const parts: string[] = [];
  for (const { tableName } of rows) {
    const dumped = await sql<{ row: string }>`select t::text as row from ${sql.table(tableName)} t`.execute(db);
    parts.push(...dumped.rows.map((entry) => entry.row));
  }
  return parts.join("\n");
}
