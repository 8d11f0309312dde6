import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, createTestActor, jsonHeaders, testAdminActor, testNoPermActor, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { helloPlugin } from "./hello-plugin.js";

describe("hello plugin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPluginTestApp(helloPlugin({ blockedNames: ["Mallory"] }));
  });
  afterAll(() => t.close());

  it("greets and reads the greeting back", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/hello", headers: jsonHeaders(testAdminActor), payload: { name: "Ada" } });
    expect(created.statusCode).toBe(201);
    const { data } = created.json<{ data: { id: string; message: string } }>();
    expect(data.message).toBe("Hello, Ada!");

    const reader = createTestActor({ permissions: ["hello:read"] });
    const read = await t.app.inject({ url: `/api/hello/${data.id}`, headers: jsonHeaders(reader) });
    expect(read.json().data).toMatchObject({ id: data.id, name: "Ada" });
  });

  it("lets its before-hook refuse a blocked name", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/hello", headers: jsonHeaders(testAdminActor), payload: { name: "mallory" } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toContain("not allowed");
  });

  it("needs its permissions", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/hello", headers: jsonHeaders(testNoPermActor), payload: { name: "Eve" } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("FORBIDDEN");
  });

  it("hides greetings of another store", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/hello", headers: jsonHeaders(testAdminActor), payload: { name: "Grace" } });
    const otherStore = createTestActor({ permissions: ["*:*"], organizationId: "another-store" });
    const response = await t.app.inject({ url: `/api/hello/${created.json().data.id}`, headers: jsonHeaders(otherStore) });
    expect(response.statusCode).toBe(404);
  });

  it("shows its routes in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/hello", "/api/hello/{id}"]));
  });
});
