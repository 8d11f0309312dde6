import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import {
  createPluginTestAppWithAuth,
  createTestActor,
  jsonHeaders,
  testAdminActor,
  type AuthPluginTestApp,
} from "@unified-commerce/plugin-sdk/testing";
import type { Actor } from "@unified-commerce/plugin-sdk";
import { agenticCheckout } from "./agentic-checkout-plugin.js";
import type { AgenticCheckoutOptions } from "./acp-options.js";

/** A response as the tests read it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON of a protocol answer, the tests assert on its fields.
  body: Record<string, any>;
}

/** A JSON call as `actor` (or with `headers` alone when `actor` is null). */
export async function call(
  t: AuthPluginTestApp,
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  options: { actor?: Actor | null; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const actor = options.actor === undefined ? testAdminActor : options.actor;
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(actor ? jsonHeaders(actor) : { "content-type": "application/json" }), ...options.headers },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body ? (response.json() as Record<string, unknown>) : {},
  };
}

/** One webhook delivery as the platform received it. */
export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

export const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";

/** A store with the plugin: the platform's webhook records deliveries, and fails while `failing` > 0. */
export interface AcpStore {
  t: AuthPluginTestApp;
  deliveries: Delivery[];
  webhook: { failing: number };
  /** The store's shipping options (the shipping module's, flat, in EUR): Standard 5.00, Express 15.00 (DE only). */
  option: { standard: string; express: string };
  /** Mints an `agent` key for `organizationId` (as its administrator). */
  agentKey(organizationId?: string): Promise<string>;
  close(): Promise<void>;
}

/** A flat shipping option of the default organization, in its own zone of `countries`; answers its id. */
export async function flatOption(
  t: AuthPluginTestApp,
  name: string,
  countries: string[],
  amount: number,
  actor: Actor = testAdminActor,
): Promise<string> {
  const zone = await call(t, "POST", "/api/shipping/zones", { actor, body: { name, countries } });
  if (zone.status !== 201) throw new Error(`zone not created: ${JSON.stringify(zone.body)}`);
  const option = await call(t, "POST", "/api/shipping/options", {
    actor,
    body: { name, zoneId: zone.body.data.id, calculator: "flat", rates: { EUR: { amount } } },
  });
  if (option.status !== 201) throw new Error(`option not created: ${JSON.stringify(option.body)}`);
  return option.body.data.id as string;
}

export async function acpStore(
  options: AgenticCheckoutOptions = {},
  config: NonNullable<Parameters<typeof createPluginTestAppWithAuth>[1]["config"]> = {},
): Promise<AcpStore> {
  const deliveries: Delivery[] = [];
  const webhook = { failing: 0 };
  const t = await createPluginTestAppWithAuth(
    agenticCheckout({
      webhook: {
        url: "https://platform.test/agentic_checkout/webhooks/order_events",
        secret: WEBHOOK_SECRET,
        fetch: async (_url, init) => {
          if (webhook.failing > 0) {
            webhook.failing -= 1;
            return { status: 503 };
          }
          deliveries.push({ headers: init.headers, body: init.body });
          return { status: 200 };
        },
      },
      webhookRetryDelayMs: 1,
      ...options,
    }),
    { authConfig: { roles: {} }, config: { ...config, http: { rateLimit: false } } },
  );
  // The store sells in EUR: a session without `currency` is in the store's currency.
  const currency = await call(t, "PATCH", "/api/settings/general", { body: { currency: "EUR" } });
  if (currency.status !== 200) throw new Error(`currency not set: ${JSON.stringify(currency.body)}`);
  const option = {
    standard: await flatOption(t, "Standard", ["DE", "FR", "AT", "NL", "US"], 500),
    express: await flatOption(t, "Express", ["DE"], 1500),
  };
  return {
    t,
    option,
    deliveries,
    webhook,
    async agentKey(organizationId = "default") {
      const admin = createTestActor({
        id: `admin-${organizationId}`,
        type: "apiKey",
        permissions: ["*:*"],
        organizationId,
      });
      const minted = await call(t, "POST", "/api/auth/api-keys", {
        actor: admin,
        body: { scope: "agent", name: "agent platform" },
      });
      if (minted.status !== 201)
        throw new Error(`agent key not minted: ${minted.status} ${JSON.stringify(minted.body)}`);
      return minted.body.data.key as string;
    },
    close: () => t.close(),
  };
}

/** A warehouse of the organization; answers its id. */
export async function createWarehouse(t: AuthPluginTestApp, code = "main"): Promise<string> {
  return (await call(t, "POST", "/api/inventory/warehouses", { body: { name: code, code } })).body.data.id as string;
}

/** A published product with a EUR price and `onHand` units in `warehouseId`; answers its id. */
export async function stockedProduct(
  t: AuthPluginTestApp,
  input: { slug: string; warehouseId: string; price: number; onHand: number },
): Promise<string> {
  const entity = await call(t, "POST", "/api/catalog/entities", {
    body: { type: "product", status: "active", slug: input.slug, attributes: { en: { title: input.slug } } },
  });
  if (entity.status !== 201) throw new Error(`entity not created: ${JSON.stringify(entity.body)}`);
  const entityId = entity.body.data.id as string;
  await call(t, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount: input.price } });
  if (input.onHand > 0)
    await call(t, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId: input.warehouseId, type: "restock", quantity: input.onHand },
    });
  return entityId;
}

/** A guest shopper's storefront key (carts and checkout over the REST API). */
export const storefront: Actor = createTestActor({
  id: "storefront",
  type: "apiKey",
  permissions: ["cart:create", "cart:read", "cart:update", "orders:create", "catalog:read"],
});

/** A guest cart of the REST API holding `quantity` of `entityId`; answers its id and token. */
export async function restCart(
  t: AuthPluginTestApp,
  entityId: string,
  quantity = 1,
): Promise<{ id: string; token: string }> {
  const cart = await call(t, "POST", "/api/carts", { actor: storefront, body: { currency: "EUR" } });
  const token = cart.body.data.cartToken as string;
  await call(t, "POST", `/api/carts/${cart.body.data.id}/items`, {
    actor: storefront,
    headers: { "x-cart-token": token },
    body: { entityId, quantity },
  });
  // The store has shipping options, so a REST checkout ships to an address with the cheapest one.
  const headers = { "x-cart-token": token };
  const url = `/api/carts/${cart.body.data.id}/shipping`;
  const address = { line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" };
  await call(t, "PUT", url, { actor: storefront, headers, body: { address } });
  const quote = (await call(t, "GET", `${url}-options`, { actor: storefront, headers })).body.data;
  const optionIds = quote.groups.map((group: { options: { id: string }[] }) => group.options[0]?.id);
  await call(t, "PUT", url, { actor: storefront, headers, body: { address, optionIds } });
  return { id: cart.body.data.id as string, token };
}

/** Checks a REST cart out as a guest (manual payment). */
export function restCheckout(t: AuthPluginTestApp, cart: { id: string; token: string }): Promise<Answer> {
  return call(t, "POST", "/api/checkout", {
    actor: storefront,
    headers: { "x-cart-token": cart.token },
    body: { cartId: cart.id, paymentMethodId: "manual", currency: "EUR" },
  });
}

/** The stock of an entity (admin read). */
export async function stockOf(t: AuthPluginTestApp, entityId: string): Promise<{ onHand: number; available: number }> {
  return (await call(t, "GET", `/api/inventory/check?entityIds=${entityId}`)).body.data[0] as {
    onHand: number;
    available: number;
  };
}

/** Rows an Agentic Checkout request may write, counted: a refused request must leave them as they were. */
export async function acpTraces(t: AuthPluginTestApp): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, string>>`select
    (select count(*) from acp_checkout_sessions) as sessions,
    (select count(*) from carts) as carts,
    (select count(*) from cart_items) as items,
    (select count(*) from orders) as orders,
    (select count(*) from idempotency_keys) as keys,
    (select count(*) from jobs) as jobs`.execute(t.db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
}

export const API_VERSION = "2026-04-17";

/**
 * An Agentic Checkout client written from the specification (2026-04-17): bearer API key, `API-Version`,
 * an `Idempotency-Key` on every POST (fresh unless given), and a `Request-Id`.
 */
export function acpClient(t: AuthPluginTestApp, key: string, prefix = "/api/acp") {
  const send = (
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    options: { idempotencyKey?: string; headers?: Record<string, string> } = {},
  ) =>
    call(t, method, `${prefix}${path}`, {
      actor: null,
      headers: {
        authorization: `Bearer ${key}`,
        "api-version": API_VERSION,
        "request-id": `req_${randomUUID()}`,
        ...(method === "POST" ? { "idempotency-key": options.idempotencyKey ?? randomUUID() } : {}),
        ...options.headers,
      },
      ...(body === undefined ? {} : { body }),
    });
  return {
    send,
    create: (body: unknown, options?: { idempotencyKey?: string }) => send("POST", "/checkout_sessions", body, options),
    update: (id: string, body: unknown, options?: { idempotencyKey?: string }) =>
      send("POST", `/checkout_sessions/${id}`, body, options),
    get: (id: string) => send("GET", `/checkout_sessions/${id}`),
    complete: (id: string, body: unknown, options?: { idempotencyKey?: string }) =>
      send("POST", `/checkout_sessions/${id}/complete`, body, options),
    cancel: (id: string, body: unknown = {}, options?: { idempotencyKey?: string }) =>
      send("POST", `/checkout_sessions/${id}/cancel`, body, options),
  };
}

/** A shipping address as the spec writes it. */
export const ADDRESS = {
  name: "Ada Buyer",
  line_one: "1 Main Street",
  city: "Berlin",
  state: "BE",
  country: "DE",
  postal_code: "10115",
};

/** Manual payment: the store's `manual` provider as the payment handler. */
export const PAYMENT = {
  handler_id: "manual",
  instrument: { type: "card", credential: { type: "spt", token: "spt_test_123" } },
};

/** Uploads `data` as a media asset (`POST /api/media/upload`) and attaches it to `entityId` with role `download`: a digital item. */
export async function makeDigital(
  t: AuthPluginTestApp,
  entityId: string,
  data: Buffer,
  filename: string,
): Promise<void> {
  const boundary = "----acp-test-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { "content-type": _json, ...headers } = jsonHeaders(testAdminActor);
  const uploaded = await t.app.inject({
    method: "POST",
    url: "/api/media/upload",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  const attached = await call(t, "POST", "/api/media/attach", {
    body: { entityId, mediaAssetId: uploaded.json().data.id, role: "download" },
  });
  if (attached.status !== 201) throw new Error(`attach failed: ${JSON.stringify(attached.body)}`);
  // A download is not shipped: the shipping module asks no option for it (its `requiresShipping`).
  const digital = await call(t, "PUT", "/api/shipping/attributes", { body: { entityId, requiresShipping: false } });
  if (digital.status !== 200) throw new Error(`attributes not set: ${JSON.stringify(digital.body)}`);
}
