import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKey,
  bearer,
  createAuthTestApp,
  send,
  staffSession,
  testRoles,
  TRUSTED_ORIGIN,
  type AuthTestApp,
} from "./auth-test-helpers.js";
import { SESSION_COOKIE_NAME } from "./session-cookie.js";

// `/api/me` with real credentials: a customer who signed up (cookie and bearer token), an administrator's
// API key, a staff session. The core's own tests cover the routes' behaviour with test actors.
describe("/api/me with real sessions", () => {
  let t: AuthTestApp;
  let ann: { token: string; userId: string };
  let adminKey: string;
  let ownerToken: string;
  let annOrder: { id: string; number: string };
  let entityId: string;

  const signUp = async (email: string) => {
    const response = await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email, password: "correct horse battery", name: email.split("@")[0] },
    });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.raw}`);
    return { token: response.body.data.token as string, userId: response.body.data.user.id as string };
  };

  /** An order of `customerId` as checkout writes it (one line of `entityId`). */
  const placeOrder = (customerId: string) =>
    t.kernel.database.transaction((trx) =>
      t.kernel.services.orders.create(
        {
          organizationId: "default",
          actor: null,
          cartId: randomUUID(),
          customerId,
          currency: "EUR",
          isTaxInclusive: false,
          paymentMethodId: "manual",
          shippingAddress: null,
          promotionCodes: [],
          subtotal: 1500,
          discountTotal: 0,
          taxTotal: 0,
          total: 1500,
          lines: [
            {
              entityId,
              variantId: null,
              title: "Mug",
              sku: null,
              quantity: 1,
              unitPrice: 1500,
              subtotal: 1500,
              discount: 0,
              tax: 0,
              total: 1500,
              taxRateBps: 0,
            },
          ],
        },
        { trx },
      ),
    );

  beforeAll(async () => {
    // The reference server's customers may also make carts, which reordering needs.
    t = await createAuthTestApp({
      auth: {
        roles: {
          ...testRoles,
          customer: {
            permissions: [...(testRoles.customer?.permissions ?? []), "cart:create", "cart:read", "cart:update"],
          },
        },
      },
    });
    ownerToken = await staffSession(t, { email: "owner@example.com", role: "owner" });
    adminKey = (await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "admin" })).key;
    const product = await send(t.app, "POST", "/api/catalog/entities", {
      headers: bearer(ownerToken),
      body: { type: "product", slug: "mug", status: "active" },
    });
    entityId = product.body.data.id;
    await send(t.app, "POST", "/api/pricing/prices", {
      headers: bearer(ownerToken),
      body: { entityId, currency: "EUR", amount: 1800 },
    });
    ann = await signUp("ann@example.com");
    annOrder = await placeOrder(ann.userId);
  });
  afterAll(() => t.close());

  it("answers a signed-up customer's bearer token and session cookie with their own orders", async () => {
    const viaBearer = await send(t.app, "GET", "/api/me/orders", { headers: bearer(ann.token) });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.data.map((order: { id: string }) => order.id)).toEqual([annOrder.id]);
    const viaCookie = await send(t.app, "GET", `/api/me/orders/${annOrder.number}`, {
      headers: { cookie: `${SESSION_COOKIE_NAME}=${ann.token}` },
    });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.data).toMatchObject({ id: annOrder.id, customerId: ann.userId });
    expect(
      (await send(t.app, "GET", `/api/me/orders/${annOrder.id}/tracking`, { headers: bearer(ann.token) })).status,
    ).toBe(200);
  });

  it("answers the profile sign-up made, and changes it through the session", async () => {
    const profile = await send(t.app, "GET", "/api/me/profile", { headers: bearer(ann.token) });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ id: ann.userId, email: "ann@example.com", hasAccount: true });
    const cookie = { cookie: `${SESSION_COOKIE_NAME}=${ann.token}`, origin: TRUSTED_ORIGIN };
    const changed = await send(t.app, "PATCH", "/api/me/profile", {
      headers: cookie,
      body: { name: "Ann Example", acceptsMarketing: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: ann.userId, name: "Ann Example", acceptsMarketing: true });
    const saved = await send(t.app, "POST", "/api/me/addresses", {
      headers: bearer(ann.token),
      body: { line1: "1 Rue de la Paix", city: "Paris", country: "FR" },
    });
    expect(saved.status).toBe(201);
    expect((await send(t.app, "GET", "/api/me/addresses", { headers: bearer(ann.token) })).body.data).toHaveLength(1);
  });

  it("refuses with 401 no credentials, a bad token and an administrator's API key, on every route", async () => {
    const routes = [
      ["GET", "/api/me/profile"],
      ["PATCH", "/api/me/profile"],
      ["GET", "/api/me/addresses"],
      ["POST", "/api/me/addresses"],
      ["DELETE", "/api/me/addresses/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/me/orders"],
      ["GET", `/api/me/orders/${annOrder.id}`],
      ["GET", `/api/me/orders/${annOrder.id}/tracking`],
      ["GET", `/api/me/orders/${annOrder.id}/downloads`],
      ["POST", `/api/me/orders/${annOrder.id}/reorder`],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === "POST" || method === "PATCH" ? {} : undefined;
      for (const headers of [{}, apiKey(adminKey), bearer("not-a-session-token")]) {
        const response = await send(t.app, method, url, { headers, body });
        expect(response.status, `${method} ${url} ${Object.keys(headers).join()}`).toBe(401);
        expect(response.body.error.code).toBe("UNAUTHORIZED");
      }
    }
    // The key is otherwise good: it reads the same order through the staff route.
    expect((await send(t.app, "GET", `/api/orders/${annOrder.id}`, { headers: apiKey(adminKey) })).status).toBe(200);
  });

  it("shows another signed-in person none of the customer's orders (404), staff included", async () => {
    const bob = await signUp("bob@example.com");
    for (const token of [bob.token, ownerToken]) {
      expect((await send(t.app, "GET", "/api/me/orders", { headers: bearer(token) })).body.data).toEqual([]);
      for (const id of [annOrder.id, annOrder.number]) {
        const response = await send(t.app, "GET", `/api/me/orders/${id}`, { headers: bearer(token) });
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe("NOT_FOUND");
      }
      expect(
        (await send(t.app, "POST", `/api/me/orders/${annOrder.id}/reorder`, { headers: bearer(token), body: {} }))
          .status,
      ).toBe(404);
    }
  });

  it("reorders into a cart of the session's customer, with a bearer token or a cookie from a trusted origin", async () => {
    const byBearer = await send(t.app, "POST", `/api/me/orders/${annOrder.id}/reorder`, {
      headers: bearer(ann.token),
      body: {},
    });
    expect(byBearer.status).toBe(201);
    expect(byBearer.body.data).toMatchObject({
      customerId: ann.userId,
      items: [{ entityId, quantity: 1, unitPrice: 1800 }],
    });
    const cookie = { cookie: `${SESSION_COOKIE_NAME}=${ann.token}` };
    expect(
      (
        await send(t.app, "POST", `/api/me/orders/${annOrder.id}/reorder`, {
          headers: { ...cookie, origin: "https://evil.example" },
          body: {},
        })
      ).status,
    ).toBe(403);
    const byCookie = await send(t.app, "POST", `/api/me/orders/${annOrder.id}/reorder`, {
      headers: { ...cookie, origin: TRUSTED_ORIGIN },
      body: {},
    });
    expect(byCookie.status).toBe(201);
    // The session reaches its cart without the cart token.
    expect(
      (await send(t.app, "GET", `/api/carts/${byCookie.body.data.id}`, { headers: bearer(ann.token) })).status,
    ).toBe(200);
    const carts = await sql<{
      count: number;
    }>`select count(*)::int as count from carts where customer_id = ${ann.userId}`.execute(t.db);
    expect(carts.rows[0]?.count).toBe(2);
  });

  it("stops answering a session once it is signed out", async () => {
    const carol = await signUp("carol@example.com");
    expect((await send(t.app, "GET", "/api/me/orders", { headers: bearer(carol.token) })).status).toBe(200);
    expect((await send(t.app, "POST", "/api/auth/sign-out", { headers: bearer(carol.token) })).status).toBe(200);
    const after = await send(t.app, "GET", "/api/me/orders", { headers: bearer(carol.token) });
    expect(after.status).toBe(401);
  });
});
