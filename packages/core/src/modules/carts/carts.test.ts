import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";
import { hashCartToken } from "./cart-token.js";
import { cartCall, cartStaff, createGuestCart, shopper, storefrontKey } from "./carts-test-helpers.js";

/** Staff at a till who also read the catalog's drafts. */
const catalogStaff = createTestActor({
  id: "catalog-staff",
  permissions: [...cartStaff.permissions, "catalog:read:unpublished"],
});

describe("carts", () => {
  let t: TestApp;
  let shirt: string;
  let mug: string;
  let draft: string;
  let capVariant: string;
  let cap: string;
  beforeAll(async () => {
    t = await createTestApp();
    shirt = await createEntity(t.app, { slug: "shirt", attributes: { en: { title: "Shirt" } } });
    mug = await createEntity(t.app, { slug: "mug" });
    draft = await createEntity(t.app, { slug: "draft-thing", status: "draft" });
    cap = await createEntity(t.app, { slug: "cap" });
    capVariant = (
      await call(t.app, "POST", `/api/catalog/entities/${cap}/variants/quick`, {
        body: { options: { Color: "Red" }, sku: "CAP-RED" },
      })
    ).body.data.id;
    for (const [entityId, amount] of [
      [shirt, 2000],
      [mug, 999],
      [draft, 100],
      [cap, 1500],
    ] as const) {
      await call(t.app, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount } });
    }
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId: cap, variantId: capVariant, currency: "EUR", amount: 1700 },
    });
  });
  afterAll(() => t.close());

  const count = async (table: "carts" | "cart_items" | "domain_events") =>
    Number(
      (await sql<{ count: string }>`select count(*) as count from ${sql.table(table)}`.execute(t.db)).rows[0]?.count,
    );
  const addItem = (cart: { id: string; token: string }, body: Record<string, unknown>, query = "") =>
    cartCall(t.app, "POST", `/api/carts/${cart.id}/items${query}`, { actor: storefrontKey, token: cart.token, body });

  it("creates a guest cart whose token is answered once and stored only as its SHA-256", async () => {
    const created = await cartCall(t.app, "POST", "/api/carts", { actor: storefrontKey, body: { currency: "EUR" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: "open",
      currency: "EUR",
      customerId: null,
      orderId: null,
      items: [],
      subtotal: 0,
      total: 0,
    });
    const { id, cartToken } = created.body.data;
    expect(cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await sql<{
      tokenHash: string;
    }>`select token_hash as "tokenHash" from carts where id = ${id}`.execute(t.db);
    expect(stored.rows[0]?.tokenHash).toBe(hashCartToken(cartToken));
    const read = await cartCall(t.app, "GET", `/api/carts/${id}`, { actor: storefrontKey, token: cartToken });
    expect(read.status).toBe(200);
    expect(read.body.data.cartToken).toBeUndefined();
  });

  it("prices lines on the server, merges the same item, and reports a client's price that differs without charging it", async () => {
    const cart = await createGuestCart(t.app);
    const first = await addItem(cart, { entityId: shirt, quantity: 2, unitPriceSnapshot: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data.items).toEqual([
      expect.objectContaining({
        entityId: shirt,
        variantId: null,
        title: "Shirt",
        quantity: 2,
        unitPriceSnapshot: 1,
        unitPrice: 2000,
        subtotal: 4000,
        total: 4000,
        isAvailable: true,
      }),
    ]);
    expect(first.body.data).toMatchObject({ subtotal: 4000, discountTotal: 0, taxTotal: 0, total: 4000 });
    const itemId = first.body.data.items[0].id;
    expect(first.body.meta.priceChanges).toEqual([
      { itemId, entityId: shirt, variantId: null, snapshot: 1, price: 2000 },
    ]);

    const merged = await addItem(cart, { entityId: shirt, quantity: 3, unitPriceSnapshot: 2000 });
    expect(merged.body.data.items).toHaveLength(1);
    expect(merged.body.data.items[0]).toMatchObject({ id: itemId, quantity: 5, subtotal: 10_000 });
    expect(merged.body.meta).toBeUndefined();

    const variant = await addItem(cart, { entityId: cap, variantId: capVariant, quantity: 1 });
    expect(variant.body.data.items[1]).toMatchObject({
      entityId: cap,
      variantId: capVariant,
      sku: "CAP-RED",
      unitPrice: 1700,
    });
    expect(variant.body.data.total).toBe(11_700);
  });

  it("emits cart.afterAddItem in the add's transaction", async () => {
    const cart = await createGuestCart(t.app);
    await addItem(cart, { entityId: mug, quantity: 1 });
    await addItem(cart, { entityId: mug, quantity: 2 });
    const events = await sql<{
      payload: { quantity: number; lineQuantity: number };
    }>`select payload from domain_events where type = 'cart.afterAddItem' and entity_id = ${cart.id} order by sequence`.execute(
      t.db,
    );
    expect(events.rows.map((row) => [row.payload.quantity, row.payload.lineQuantity])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });

  it("refuses what cannot be sold, bad quantities and a currency without a price with 422, writing nothing", async () => {
    const cart = await createGuestCart(t.app);
    await addItem(cart, { entityId: mug, quantity: 998 });
    const usd = await createGuestCart(t.app, "USD");
    const before = { items: await count("cart_items"), events: await count("domain_events") };
    const refusals = [
      [cart, { entityId: randomUUID(), quantity: 1 }, "body.entityId"],
      [cart, { entityId: draft, quantity: 1 }, "body.entityId"],
      [cart, { entityId: shirt, variantId: capVariant, quantity: 1 }, "body.variantId"],
      [cart, { entityId: shirt, quantity: 0 }, "body.quantity"],
      [cart, { entityId: shirt, quantity: 1000 }, "body.quantity"],
      [cart, { entityId: mug, quantity: 2 }, "body.quantity"],
      [usd, { entityId: shirt, quantity: 1 }, "body.entityId"],
    ] as const;
    for (const [target, body, path] of refusals) {
      const response = await addItem(target, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(response.body.error.issues?.[0]?.path ?? response.body.error.message).toContain(path);
    }
    expect(await count("cart_items")).toBe(before.items);
    expect(await count("domain_events")).toBe(before.events);
  });

  // Security issue 31: "this entity is not published" told a storefront that a draft exists.
  it("answers a storefront adding an unpublished entity (or a wrong variant of it) exactly as for an unknown one", async () => {
    const cart = await createGuestCart(t.app);
    const before = { items: await count("cart_items"), events: await count("domain_events") };
    const unknown = await addItem(cart, { entityId: randomUUID(), quantity: 1 });
    const unpublished = await addItem(cart, { entityId: draft, quantity: 1 });
    const wrongVariant = await addItem(cart, { entityId: draft, variantId: capVariant, quantity: 1 });
    expect(unknown.status).toBe(422);
    expect(unpublished).toEqual(unknown);
    expect(wrongVariant).toEqual(unknown);
    expect(await count("cart_items")).toBe(before.items);
    expect(await count("domain_events")).toBe(before.events);
    // Staff who may read drafts are told why.
    const staffCart = await cartCall(t.app, "POST", "/api/carts", { actor: catalogStaff, body: { currency: "EUR" } });
    const told = await cartCall(t.app, "POST", `/api/carts/${staffCart.body.data.id}/items`, {
      actor: catalogStaff,
      body: { entityId: draft, quantity: 1 },
    });
    expect([told.status, told.body.error.issues[0].message]).toEqual([422, "this entity is not published"]);
  });

  it("holds at most 100 lines", async () => {
    const cart = await createGuestCart(t.app);
    await sql`insert into cart_items (id, organization_id, cart_id, entity_id, quantity)
      select gen_random_uuid(), 'default', ${cart.id}, gen_random_uuid(), 1 from generate_series(1, 100)`.execute(t.db);
    const refused = await addItem(cart, { entityId: shirt, quantity: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain("at most 100 lines");
  });

  it("changes a line's quantity and removes it; an unknown line is a 404", async () => {
    const cart = await createGuestCart(t.app);
    const itemId = (await addItem(cart, { entityId: mug, quantity: 1 })).body.data.items[0].id;
    const patched = await cartCall(t.app, "PATCH", `/api/carts/${cart.id}/items/${itemId}`, {
      actor: storefrontKey,
      token: cart.token,
      body: { quantity: 4 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ subtotal: 3996, total: 3996 });
    expect(
      (
        await cartCall(t.app, "PATCH", `/api/carts/${cart.id}/items/${itemId}`, {
          actor: storefrontKey,
          token: cart.token,
          body: { quantity: 0 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await cartCall(t.app, "PATCH", `/api/carts/${cart.id}/items/${randomUUID()}`, {
          actor: storefrontKey,
          token: cart.token,
          body: { quantity: 1 },
        })
      ).status,
    ).toBe(404);
    const removed = await cartCall(t.app, "DELETE", `/api/carts/${cart.id}/items/${itemId}`, {
      actor: storefrontKey,
      token: cart.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ items: [], total: 0 });
    expect(
      (
        await cartCall(t.app, "DELETE", `/api/carts/${cart.id}/items/${itemId}`, {
          actor: storefrontKey,
          token: cart.token,
        })
      ).status,
    ).toBe(404);
  });

  it("answers 404 to another guest, another customer and another organization, and changes nothing for them", async () => {
    const guestCart = await createGuestCart(t.app);
    await addItem(guestCart, { entityId: mug, quantity: 1 });
    const alice = shopper("alice");
    const aliceCart = await cartCall(t.app, "POST", "/api/carts", { actor: alice, body: { currency: "EUR" } });
    expect(aliceCart.body.data.customerId).toBe("customer-alice");
    const aliceCartId = aliceCart.body.data.id;
    const outsider = { ...otherOrgAdmin };
    const attempts = [
      cartCall(t.app, "GET", `/api/carts/${guestCart.id}`, { actor: storefrontKey }),
      cartCall(t.app, "GET", `/api/carts/${guestCart.id}`, { actor: storefrontKey, token: "not-the-token" }),
      cartCall(t.app, "GET", `/api/carts/${guestCart.id}`, { actor: shopper("bob") }),
      cartCall(t.app, "GET", `/api/carts/${aliceCartId}`, { actor: shopper("bob") }),
      cartCall(t.app, "GET", `/api/carts/${aliceCartId}`, { actor: storefrontKey }),
      cartCall(t.app, "GET", `/api/carts/${guestCart.id}`, { actor: outsider, token: guestCart.token }),
      cartCall(t.app, "GET", `/api/carts/${guestCart.id}`, {
        actor: shopper("alice", "other-store"),
        token: guestCart.token,
      }),
      cartCall(t.app, "POST", `/api/carts/${aliceCartId}/items`, {
        actor: shopper("bob"),
        body: { entityId: mug, quantity: 1 },
      }),
      cartCall(t.app, "POST", `/api/carts/${guestCart.id}/items`, {
        actor: storefrontKey,
        token: "wrong",
        body: { entityId: mug, quantity: 1 },
      }),
      cartCall(t.app, "DELETE", `/api/carts/${guestCart.id}/items/${randomUUID()}`, {
        actor: outsider,
        token: guestCart.token,
      }),
    ];
    const before = await count("cart_items");
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    expect(await count("cart_items")).toBe(before);
    // The owners reach their carts: Alice by her session, the guest by the token, staff with cart:manage.
    expect((await cartCall(t.app, "GET", `/api/carts/${aliceCartId}`, { actor: alice })).status).toBe(200);
    expect(
      (await cartCall(t.app, "GET", `/api/carts/${guestCart.id}`, { actor: shopper("bob"), token: guestCart.token }))
        .status,
    ).toBe(200);
    expect((await cartCall(t.app, "GET", `/api/carts/${aliceCartId}`, { actor: cartStaff })).status).toBe(200);
  });

  it("names another customer only with orders:create:on-behalf (403 otherwise, nothing written)", async () => {
    const before = await count("carts");
    const refused = await cartCall(t.app, "POST", "/api/carts", {
      actor: shopper("carol"),
      body: { currency: "EUR", customerId: "customer-dave" },
    });
    expect(refused.status).toBe(403);
    expect(await count("carts")).toBe(before);
    const ownId = await cartCall(t.app, "POST", "/api/carts", {
      actor: shopper("carol"),
      body: { currency: "EUR", customerId: "customer-carol" },
    });
    expect(ownId.status).toBe(201);
    const onBehalf = await cartCall(t.app, "POST", "/api/carts", {
      actor: cartStaff,
      body: { currency: "EUR", customerId: "customer-dave" },
    });
    expect(onBehalf.body.data.customerId).toBe("customer-dave");
    expect(
      (await cartCall(t.app, "GET", `/api/carts/${onBehalf.body.data.id}`, { actor: shopper("dave") })).status,
    ).toBe(200);
  });

  it("checks permissions before anything else: anonymous 401, no cart permission 403", async () => {
    const cart = await createGuestCart(t.app);
    const anonymous = await t.app.inject({
      method: "GET",
      url: `/api/carts/${cart.id}`,
      headers: { "x-cart-token": cart.token },
    });
    expect(anonymous.statusCode).toBe(401);
    const noPerm = await cartCall(t.app, "GET", `/api/carts/${cart.id}`, {
      actor: createTestActor({ permissions: ["catalog:read"] }),
      token: cart.token,
    });
    expect(noPerm.status).toBe(403);
  });

  it("previews promotion codes from the query without redeeming them; an unknown code is a 422", async () => {
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "TENOFF", name: "Ten", type: "percentage_off_order", value: 10 },
    });
    await call(t.app, "POST", "/api/promotions", {
      body: {
        code: "BIGSPEND",
        name: "Big",
        type: "fixed_off_order",
        value: 500,
        currency: "EUR",
        minSubtotal: 1_000_000,
      },
    });
    const cart = await createGuestCart(t.app);
    const added = await addItem(cart, { entityId: shirt, quantity: 1 }, "?promotionCodes=TENOFF,BIGSPEND");
    expect(added.body.data.promotions).toEqual([
      { code: "TENOFF", isApplicable: true, reason: null, discount: 200, isFreeShipping: false },
      { code: "BIGSPEND", isApplicable: false, reason: "MINIMUM_SUBTOTAL_NOT_MET", discount: 0, isFreeShipping: false },
    ]);
    expect(added.body.data).toMatchObject({ subtotal: 2000, discountTotal: 200, total: 1800 });
    expect(added.body.data.items[0]).toMatchObject({ discount: 200, total: 1800 });
    const used = await sql<{ used: number }>`select used from promotions where code = 'TENOFF'`.execute(t.db);
    expect(used.rows[0]?.used).toBe(0);
    const unknown = await cartCall(t.app, "GET", `/api/carts/${cart.id}?promotionCodes=NOPE`, {
      actor: storefrontKey,
      token: cart.token,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain("query.promotionCodes");
  });

  it("adds tax to each discounted line, or extracts it when the store's prices include tax", async () => {
    const taxApp = await createTestApp();
    try {
      const book = await createEntity(taxApp.app, { slug: "book" });
      await call(taxApp.app, "POST", "/api/pricing/prices", {
        body: { entityId: book, currency: "EUR", amount: 1200 },
      });
      await call(taxApp.app, "POST", "/api/tax/classes", {
        body: { name: "standard", rateBps: 2000, isDefault: true },
      });
      const exclusive = await createGuestCart(taxApp.app);
      const added = await cartCall(taxApp.app, "POST", `/api/carts/${exclusive.id}/items`, {
        actor: storefrontKey,
        token: exclusive.token,
        body: { entityId: book, quantity: 1 },
      });
      expect(added.body.data).toMatchObject({ isTaxInclusive: false, subtotal: 1200, taxTotal: 240, total: 1440 });
      expect(added.body.data.items[0]).toMatchObject({ tax: 240, taxRateBps: 2000, total: 1440 });

      expect((await call(taxApp.app, "PATCH", "/api/settings/carts", { body: { isTaxInclusive: true } })).status).toBe(
        200,
      );
      expect((await call(taxApp.app, "PATCH", "/api/settings/carts", { body: { isTaxInclusive: "yes" } })).status).toBe(
        422,
      );
      const inclusive = await createGuestCart(taxApp.app);
      const added2 = await cartCall(taxApp.app, "POST", `/api/carts/${inclusive.id}/items`, {
        actor: storefrontKey,
        token: inclusive.token,
        body: { entityId: book, quantity: 1 },
      });
      expect(added2.body.data).toMatchObject({ isTaxInclusive: true, subtotal: 1200, taxTotal: 200, total: 1200 });
    } finally {
      await taxApp.close();
    }
  });

  it("answers 404 for an expired cart, and the carts/prune task deletes expired carts with their lines, then schedules itself again", async () => {
    const cart = await createGuestCart(t.app);
    await addItem(cart, { entityId: mug, quantity: 1 });
    const live = await createGuestCart(t.app);
    await sql`update carts set expires_at = now() - interval '1 second' where id = ${cart.id}`.execute(t.db);
    expect(
      (await cartCall(t.app, "GET", `/api/carts/${cart.id}`, { actor: storefrontKey, token: cart.token })).status,
    ).toBe(404);
    expect((await addItem(cart, { entityId: mug, quantity: 1 })).status).toBe(404);
    // The task was enqueued at boot; the cron route runs it.
    expect((await call(t.app, "GET", "/api/jobs/run?limit=100")).status).toBe(200);
    const runs = await sql<{ status: string; output: { pruned: number } | null; waitUntil: Date | null }>`
      select status, output, wait_until as "waitUntil" from jobs where task_slug = 'carts/prune' order by seq`.execute(
      t.db,
    );
    expect(runs.rows[0]).toMatchObject({ status: "succeeded", output: { pruned: expect.any(Number) } });
    expect(runs.rows[0]?.output?.pruned).toBeGreaterThanOrEqual(1);
    expect(runs.rows[1]).toMatchObject({ status: "pending" });
    expect(runs.rows[1]?.waitUntil?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    const left = await sql<{ id: string }>`select id from carts where id in (${cart.id}, ${live.id})`.execute(t.db);
    expect(left.rows.map((row) => row.id)).toEqual([live.id]);
    const lines = await sql<{
      count: string;
    }>`select count(*) as count from cart_items where cart_id = ${cart.id}`.execute(t.db);
    expect(Number(lines.rows[0]?.count)).toBe(0);
  });

  it("moves a cart's expiry ahead on every change, by carts.ttlSeconds", async () => {
    const shortApp = await createTestApp({ config: { carts: { ttlSeconds: 60 } } });
    try {
      const cart = await createGuestCart(shortApp.app);
      const created = await cartCall(shortApp.app, "GET", `/api/carts/${cart.id}`, {
        actor: storefrontKey,
        token: cart.token,
      });
      const lifetime = Date.parse(created.body.data.expiresAt) - Date.parse(created.body.data.createdAt);
      expect(lifetime).toBeGreaterThan(59_000);
      expect(lifetime).toBeLessThan(61_000);
    } finally {
      await shortApp.close();
    }
  });

  it("refuses changes to a checked-out cart with 409", async () => {
    const cart = await createGuestCart(t.app);
    const itemId = (await addItem(cart, { entityId: mug, quantity: 1 })).body.data.items[0].id;
    await t.kernel.database.transaction(async (trx) => {
      await t.kernel.services.carts.lockForCheckout("default", cart.id, { trx });
      await t.kernel.services.carts.markCheckedOut("default", cart.id, randomUUID(), { trx });
    });
    expect((await addItem(cart, { entityId: mug, quantity: 1 })).status).toBe(409);
    expect(
      (
        await cartCall(t.app, "PATCH", `/api/carts/${cart.id}/items/${itemId}`, {
          actor: storefrontKey,
          token: cart.token,
          body: { quantity: 2 },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await cartCall(t.app, "DELETE", `/api/carts/${cart.id}/items/${itemId}`, {
          actor: storefrontKey,
          token: cart.token,
        })
      ).status,
    ).toBe(409);
    const read = await cartCall(t.app, "GET", `/api/carts/${cart.id}`, { actor: storefrontKey, token: cart.token });
    expect(read.body.data).toMatchObject({ status: "checked_out", items: [expect.objectContaining({ quantity: 1 })] });
  });

  it("drops the lines of a deleted entity and flags an unpublished one as unavailable", async () => {
    const gone = await createEntity(t.app, { slug: "soon-gone" });
    const paused = await createEntity(t.app, { slug: "soon-paused" });
    for (const entityId of [gone, paused])
      await call(t.app, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount: 300 } });
    const cart = await createGuestCart(t.app);
    await addItem(cart, { entityId: gone, quantity: 1 });
    await addItem(cart, { entityId: paused, quantity: 1 });
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${gone}`)).status).toBe(200);
    expect((await call(t.app, "POST", `/api/catalog/entities/${paused}/archive`)).status).toBe(200);
    const read = await cartCall(t.app, "GET", `/api/carts/${cart.id}`, { actor: storefrontKey, token: cart.token });
    expect(read.body.data.items).toEqual([
      expect.objectContaining({ entityId: paused, isAvailable: false, subtotal: 0 }),
    ]);
    expect(read.body.data.total).toBe(0);
  });

  it("documents every cart route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/carts",
        "/api/carts/{id}",
        "/api/carts/{id}/items",
        "/api/carts/{id}/items/{itemId}",
      ]),
    );
    expect(Object.keys(doc.paths["/api/carts/{id}/items/{itemId}"])).toEqual(
      expect.arrayContaining(["patch", "delete"]),
    );
  });

  it("documents x-cart-token on every route that reads it", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    const tokenOf = (operation: { parameters?: { in: string; name: string }[] } | undefined) =>
      operation?.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "x-cart-token");
    const cart = document.paths["/api/carts/{id}"];
    const item = document.paths["/api/carts/{id}/items/{itemId}"];
    for (const operation of [
      cart.get,
      document.paths["/api/carts/{id}/items"].post,
      item.patch,
      item.delete,
      document.paths["/api/checkout"].post,
      document.paths["/api/payments/intents/{id}"].get,
    ]) {
      expect(tokenOf(operation)).toMatchObject({ required: false, schema: { type: "string", maxLength: 64 } });
    }
    expect(tokenOf(document.paths["/api/carts"].post)).toBeUndefined();
  });
});
