import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testAdminActor, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { adminApiKey, customer, meCall, orderOf, systemActor } from "./me-test-helpers.js";

const ann = customer("ann");
const bob = customer("bob");
// Same user id as Ann, in another store: a person is a customer of each store apart.
const annElsewhere = customer("ann", { organizationId: "other-store" });

describe("/api/me orders", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses with 401 anyone who is not signed in, an administrator's API key and a system actor included", async () => {
    const order = await orderOf(t.kernel, ann);
    const urls = [
      "/api/me/orders",
      `/api/me/orders/${order.id}`,
      `/api/me/orders/${order.number}/tracking`,
      `/api/me/orders/${order.id}/downloads`,
    ];
    for (const url of urls) {
      for (const actor of [undefined, adminApiKey, systemActor]) {
        const response = await meCall(t.app, "GET", url, actor ? { actor } : {});
        expect(response.status, `${url} as ${actor?.type ?? "anonymous"}`).toBe(401);
        expect(response.body.error.code).toBe("UNAUTHORIZED");
      }
    }
    const reorder = await meCall(t.app, "POST", `/api/me/orders/${order.id}/reorder`, { actor: adminApiKey, body: {} });
    expect(reorder.status).toBe(401);
  });

  it("needs orders:read:own of a signed-in customer (403 without)", async () => {
    const order = await orderOf(t.kernel, ann);
    const withoutRights = customer("ann", { permissions: ["catalog:read"] });
    for (const url of [
      "/api/me/orders",
      `/api/me/orders/${order.id}`,
      `/api/me/orders/${order.id}/tracking`,
      `/api/me/orders/${order.id}/downloads`,
    ]) {
      const response = await meCall(t.app, "GET", url, { actor: withoutRights });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("FORBIDDEN");
    }
    // `orders:read` (staff) does not stand in for the scoped permission, nor does it widen what /me shows.
    const staff = customer("ann", { permissions: ["orders:read"] });
    expect((await meCall(t.app, "GET", "/api/me/orders", { actor: staff })).status).toBe(403);
  });

  it("lists only the caller's orders, newest first, paginated and filtered by status", async () => {
    const carol = customer("carol");
    const dave = customer("dave");
    const first = await orderOf(t.kernel, carol);
    const second = await orderOf(t.kernel, carol, { status: "confirmed" });
    const third = await orderOf(t.kernel, carol, { status: "confirmed" });
    await orderOf(t.kernel, dave);
    await orderOf(t.kernel, customer("carol", { organizationId: "other-store" }));

    const all = await meCall(t.app, "GET", "/api/me/orders", { actor: carol });
    expect(all.status).toBe(200);
    expect(all.body.data.map((order: { id: string }) => order.id)).toEqual([third.id, second.id, first.id]);
    expect(all.body.data[0]).not.toHaveProperty("lines");
    expect(all.body.data.every((order: { customerId: string }) => order.customerId === "user-carol")).toBe(true);
    expect(all.body.meta.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });

    const page = await meCall(t.app, "GET", "/api/me/orders?limit=1&page=2", { actor: carol });
    expect(page.body.data.map((order: { id: string }) => order.id)).toEqual([second.id]);
    expect(page.body.meta.pagination).toEqual({ page: 2, limit: 1, total: 3, totalPages: 3 });

    const confirmed = await meCall(t.app, "GET", "/api/me/orders?status=confirmed", { actor: carol });
    expect(confirmed.body.data.map((order: { id: string }) => order.id)).toEqual([third.id, second.id]);
    expect(confirmed.body.meta.pagination.total).toBe(2);

    const daves = await meCall(t.app, "GET", "/api/me/orders", { actor: dave });
    expect(daves.body.meta.pagination.total).toBe(1);
    const nobody = await meCall(t.app, "GET", "/api/me/orders", { actor: customer("nobody") });
    expect(nobody.body).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  it("refuses a limit above 100, a page below 1 and an unknown status with 422", async () => {
    for (const query of ["limit=101", "limit=0", "page=0", "status=shipped", "limit=abc"]) {
      const response = await meCall(t.app, "GET", `/api/me/orders?${query}`, { actor: ann });
      expect(response.status, query).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("reads one of the caller's orders by id and by number, with its lines", async () => {
    const order = await orderOf(t.kernel, ann);
    const byId = await meCall(t.app, "GET", `/api/me/orders/${order.id}`, { actor: ann });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(order);
    const byNumber = await meCall(t.app, "GET", `/api/me/orders/${order.number}`, { actor: ann });
    expect(byNumber.body.data.id).toBe(order.id);
  });

  it("answers 404 for another customer's order and another organization's, by id and by number, on every route", async () => {
    const annsOrder = await orderOf(t.kernel, ann, { status: "confirmed" });
    const elsewhere = await orderOf(t.kernel, annElsewhere, { status: "confirmed" });
    // Numbers are counted per store, so another store's number may name one of the caller's own
    // orders: across stores the order is looked for by id.
    const attempts = [
      { actor: bob, order: annsOrder, ids: [annsOrder.id, annsOrder.number] },
      // Ann of the other store has the same user id; the order is of `default`, which she is not signed in to.
      { actor: annElsewhere, order: annsOrder, ids: [annsOrder.id] },
      { actor: ann, order: elsewhere, ids: [elsewhere.id] },
    ];
    for (const { actor, ids } of attempts) {
      for (const id of ids) {
        for (const suffix of ["", "/tracking", "/downloads"]) {
          const response = await meCall(t.app, "GET", `/api/me/orders/${id}${suffix}`, { actor });
          expect(response.status, `${actor.organizationId}/${actor.id} ${id}${suffix}`).toBe(404);
          expect(response.body.error.code).toBe("NOT_FOUND");
        }
      }
    }
    // Each sees their own.
    expect(
      (await meCall(t.app, "GET", `/api/me/orders/${elsewhere.number}`, { actor: annElsewhere })).body.data.id,
    ).toBe(elsewhere.id);
  });

  it("answers hostile ids with 404 or 422, never a fault", async () => {
    const year = new Date().getUTCFullYear();
    const notFound = [
      "00000000-0000-4000-8000-000000000000",
      `ORD-${year}-999999`,
      "ORD-1",
      "not-an-order",
      "1%20or%201%3D1",
      "%27%3B%20drop%20table%20orders%3B--",
      "%C3%A9t%C3%A9",
    ];
    for (const id of notFound) {
      for (const suffix of ["", "/tracking", "/downloads"]) {
        const response = await meCall(t.app, "GET", `/api/me/orders/${id}${suffix}`, { actor: ann });
        expect(response.status, `${id}${suffix}`).toBe(404);
      }
    }
    // Past the router's parameter length (100), no route matches: the plain 404 of an unknown path.
    const huge = await meCall(t.app, "GET", `/api/me/orders/${"9".repeat(5000)}`, { actor: ann });
    expect(huge.status).toBe(404);
    expect(huge.body.error.code).toBe("NOT_FOUND");
    for (const id of ["x".repeat(65), "9".repeat(100), "abc%00def", `ORD-${year}-000001%00`]) {
      for (const suffix of ["", "/tracking", "/downloads"]) {
        const response = await meCall(t.app, "GET", `/api/me/orders/${id}${suffix}`, { actor: ann });
        expect(response.status, `${id.slice(0, 20)}${suffix}`).toBe(422);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
      }
    }
  });

  it("tracks an order: its shipments newest first with carrier, number, URL and the lines they carried", async () => {
    const order = await orderOf(t.kernel, ann, { status: "processing" });
    const [mug, tea] = order.lines;
    if (!mug || !tea) throw new Error("the order has two lines");

    const before = await meCall(t.app, "GET", `/api/me/orders/${order.id}/tracking`, { actor: ann });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      orderId: order.id,
      number: order.number,
      status: "processing",
      shipments: [],
      lines: [
        { lineItemId: mug.lineItemId, title: "Mug", quantity: 2, fulfilledQuantity: 0 },
        { lineItemId: tea.lineItemId, title: "Tea", quantity: 1, fulfilledQuantity: 0 },
      ],
    });

    const first = await call(t.app, "POST", `/api/orders/${order.id}/fulfillments`, {
      actor: testAdminActor,
      body: {
        lines: [{ lineItemId: mug.lineItemId, quantity: 1 }],
        carrier: "DHL",
        trackingNumber: "JD0001",
        trackingUrl: "https://track.example/JD0001",
      },
    });
    expect(first.status).toBe(201);
    const second = await call(t.app, "POST", `/api/orders/${order.id}/fulfillments`, {
      actor: testAdminActor,
      body: {
        lines: [
          { lineItemId: mug.lineItemId, quantity: 1 },
          { lineItemId: tea.lineItemId, quantity: 1 },
        ],
        carrier: "UPS",
        trackingNumber: "1Z999",
      },
    });
    expect(second.status).toBe(201);

    const tracking = await meCall(t.app, "GET", `/api/me/orders/${order.number}/tracking`, { actor: ann });
    expect(tracking.body.data.status).toBe("fulfilled");
    expect(tracking.body.data.shipments).toEqual([
      {
        id: second.body.data.id,
        carrier: "UPS",
        trackingNumber: "1Z999",
        trackingUrl: null,
        shippedAt: second.body.data.createdAt,
        trackingStatus: null,
        trackingEvents: [],
        lines: [
          {
            lineItemId: mug.lineItemId,
            entityId: mug.entityId,
            variantId: null,
            title: "Mug",
            sku: "MUG-1",
            quantity: 1,
          },
          {
            lineItemId: tea.lineItemId,
            entityId: tea.entityId,
            variantId: tea.variantId,
            title: "Tea",
            sku: null,
            quantity: 1,
          },
        ].sort((a, b) => (a.lineItemId < b.lineItemId ? -1 : 1)),
      },
      {
        id: first.body.data.id,
        carrier: "DHL",
        trackingNumber: "JD0001",
        trackingUrl: "https://track.example/JD0001",
        shippedAt: first.body.data.createdAt,
        trackingStatus: null,
        trackingEvents: [],
        lines: [
          {
            lineItemId: mug.lineItemId,
            entityId: mug.entityId,
            variantId: null,
            title: "Mug",
            sku: "MUG-1",
            quantity: 1,
          },
        ],
      },
    ]);
    expect(tracking.body.data.lines.map((line: { fulfilledQuantity: number }) => line.fulfilledQuantity)).toEqual([
      2, 1,
    ]);
    // Who recorded a shipment is staff's business.
    expect(JSON.stringify(tracking.body)).not.toContain(testAdminActor.id);
  });

  it("documents every /api/me route as session or bearer only, with its permission", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json();
    const paths = doc.paths as Record<
      string,
      Record<string, { security?: unknown; description?: string; tags?: string[] }>
    >;
    const expected = [
      ["/api/me/profile", "get", "customers:read:self"],
      ["/api/me/profile", "patch", "customers:update:self"],
      ["/api/me/addresses", "get", "customers:read:self"],
      ["/api/me/addresses", "post", "customers:update:self"],
      ["/api/me/addresses/{id}", "delete", "customers:update:self"],
      ["/api/me/orders", "get", "orders:read:own"],
      ["/api/me/orders/{idOrNumber}", "get", "orders:read:own"],
      ["/api/me/orders/{idOrNumber}/tracking", "get", "orders:read:own"],
      ["/api/me/orders/{orderId}/downloads", "get", "orders:read:own"],
      ["/api/me/orders/{orderId}/reorder", "post", "orders:read:own, cart:create"],
    ] as const;
    expect(
      Object.keys(paths)
        .filter((path) => path.startsWith("/api/me/"))
        .sort(),
    ).toEqual([...new Set(expected.map(([path]) => path))].sort());
    for (const [path, method, permissions] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.security).toEqual([{ session: [] }, { bearer: [] }]);
      expect(operation?.description).toContain(`Requires: ${permissions}`);
      expect(operation?.tags).toEqual(["Customer self-service"]);
    }
  });
});
