import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPluginTestApp,
  createTestActor,
  jsonHeaders,
  testAdminActor,
  testNoPermActor,
  type TestApp,
} from "@unified-commerce/plugin-sdk/testing";
import { helloPlugin } from "./hello-plugin.js";

describe("hello plugin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPluginTestApp(helloPlugin({ blockedNames: ["Mallory"] }));
  });
  afterAll(() => t.close());

  it("greets and reads the greeting back", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/hello",
      headers: jsonHeaders(testAdminActor),
      payload: { name: "Ada" },
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json<{ data: { id: string; message: string } }>();
    expect(data.message).toBe("Hello, Ada!");

    const reader = createTestActor({ permissions: ["hello:read"] });
    const read = await t.app.inject({ url: `/api/hello/${data.id}`, headers: jsonHeaders(reader) });
    expect(read.json().data).toMatchObject({ id: data.id, name: "Ada" });
  });

  it("lets its before-hook refuse a blocked name", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/hello",
      headers: jsonHeaders(testAdminActor),
      payload: { name: "mallory" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toContain("not allowed");
  });

  it("needs its permissions", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/hello",
      headers: jsonHeaders(testNoPermActor),
      payload: { name: "Eve" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("FORBIDDEN");
  });

  it("hides greetings of another store", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/hello",
      headers: jsonHeaders(testAdminActor),
      payload: { name: "Grace" },
    });
    const otherStore = createTestActor({ permissions: ["*:*"], organizationId: "another-store" });
    const response = await t.app.inject({
      url: `/api/hello/${created.json().data.id}`,
      headers: jsonHeaders(otherStore),
    });
    expect(response.statusCode).toBe(404);
  });

  it("refuses a blocked name with its own error code", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/hello",
      headers: jsonHeaders(testAdminActor),
      payload: { name: "Mallory" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("GREETING_BLOCKED");
  });

  it("takes the store's template from its settings group, validated like the built-in groups", async () => {
    const owner = createTestActor({ permissions: ["*:*"], organizationId: "hello-settings" });
    const refused = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/hello",
      headers: jsonHeaders(owner),
      payload: { template: "Hi there" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("VALIDATION_FAILED");

    const patched = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/hello",
      headers: jsonHeaders(owner),
      payload: { template: "Hi, {name}." },
    });
    expect(patched.statusCode).toBe(200);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/hello",
      headers: jsonHeaders(owner),
      payload: { name: "Ada" },
    });
    expect(created.json().data.message).toBe("Hi, Ada.");
  });

  it("offers hello.greeted to webhook endpoints and delivers it", async () => {
    const owner = createTestActor({ permissions: ["*:*"], organizationId: "hello-webhooks" });
    const endpoint = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: jsonHeaders(owner),
      payload: { url: "http://127.0.0.1:9/greetings", events: ["hello.greeted"] },
    });
    expect(endpoint.statusCode).toBe(201);
    await t.app.inject({ method: "POST", url: "/api/hello", headers: jsonHeaders(owner), payload: { name: "Grace" } });

    const deliveries = await t.app.inject({
      url: `/api/webhooks/${endpoint.json().data.id}/deliveries`,
      headers: jsonHeaders(owner),
    });
    expect(deliveries.json().data).toEqual([
      expect.objectContaining({ eventType: "hello.greeted", status: "pending" }),
    ]);
  });

  it("greets a catalog entity with the stock available, through the catalog and inventory services", async () => {
    const owner = createTestActor({ permissions: ["*:*"], organizationId: "hello-catalog" });
    const post = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: jsonHeaders(owner), payload });
    const entity = (
      await post("/api/catalog/entities", {
        type: "product",
        slug: "green-tea",
        status: "active",
        attributes: { en: { title: "Green tea" } },
      })
    ).json().data;
    const warehouse = (await post("/api/inventory/warehouses", { name: "Main", code: "main" })).json().data;
    expect(
      (
        await post("/api/inventory/adjust", {
          entityId: entity.id,
          warehouseId: warehouse.id,
          type: "restock",
          quantity: 5,
        })
      ).statusCode,
    ).toBe(200);

    const response = await t.app.inject({ url: "/api/hello/entities/green-tea", headers: jsonHeaders(owner) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      entityId: entity.id,
      available: 5,
      message: "Hello, Green tea! 5 in stock.",
    });

    const missing = await t.app.inject({ url: "/api/hello/entities/no-such-entity", headers: jsonHeaders(owner) });
    expect(missing.statusCode).toBe(404);
  });

  it("shows its routes in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/hello", "/api/hello/{id}"]));
  });
});
