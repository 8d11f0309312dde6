import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { definePlugin, router, type DatabaseConfig } from "@unified-commerce/core";
import { jsonHeaders, testAdminActor } from "@unified-commerce/core/testing";
import { buildServer } from "./build-server.js";
import defaultConfig from "../commerce.config.js";

const secretPlugin = definePlugin({
  id: "secret",
  version: "1.0.0",
  routes: () =>
    router("Secret", "/secret")
      .get("/", { summary: "Admins only" })
      .permission("*:*")
      .handler(async () => ({ data: "the secret" }))
      .build(),
});

const url = process.env.TEST_DATABASE_URL;
const schema = `srv_${randomBytes(5).toString("hex")}`;
const database: DatabaseConfig = url ? { url, schema } : { dataDir: "memory://" };
const authSchema = `srv_${randomBytes(5).toString("hex")}`;
const authDatabase: DatabaseConfig = url ? { url, schema: authSchema } : { dataDir: "memory://" };

async function dropSchema(name: string): Promise<void> {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${name} cascade`);
  await client.end();
}

describe("the production server", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildServer({ logLevel: "silent", database, plugins: [secretPlugin] });
  });
  afterAll(async () => {
    await app.close();
    await dropSchema(schema);
  });

  it("ignores the x-test-actor header", async () => {
    const response = await app.inject({ url: "/api/secret", headers: jsonHeaders(testAdminActor) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHORIZED");
  });

  it("answers health with the version", async () => {
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("ok");
  });
});

describe("the production server with its default configuration (auth plugin)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildServer({
      ...defaultConfig,
      logLevel: "silent",
      database: authDatabase,
      http: { ...defaultConfig.http, rateLimit: false },
      plugins: [...(defaultConfig.plugins ?? []), secretPlugin],
    });
  });
  afterAll(async () => {
    await app.close();
    await dropSchema(authSchema);
  });

  it("declares the admin and storefront scopes and the five roles", () => {
    expect(Object.keys(defaultConfig.auth?.apiKeyScopes ?? {})).toEqual(["admin", "channel", "agent", "storefront"]);
    expect(defaultConfig.auth?.apiKeyScopes?.admin?.permissions).toEqual({ "*": ["*"] });
    expect(defaultConfig.auth?.apiKeyScopes?.storefront?.permissions.catalog).toEqual(["read"]);
    expect(Object.keys(defaultConfig.auth?.roles ?? {})).toEqual(["owner", "admin", "staff", "seller", "customer"]);
  });

  it("boots the point-of-sale, layaway, marketplace, channel connector and agentic checkout plugins and shows their routes in the OpenAPI document", async () => {
    const paths = Object.keys((await app.inject({ url: "/api/doc" })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/pos/auth/pin",
        "/api/pos/auth/pin-login",
        "/api/pos/auth/override",
        "/api/pos/exchanges",
        "/api/layaways",
        "/api/layaways/{id}/payments",
        "/api/marketplace/vendors",
        "/api/marketplace/payouts/run",
        "/api/marketplace/vendor/me",
        "/api/channels",
        "/api/channels/{id}/backfill",
        "/api/acp/checkout_sessions",
        "/api/acp/checkout_sessions/{id}",
        "/api/acp/checkout_sessions/{id}/complete",
        "/api/acp/checkout_sessions/{id}/cancel",
      ]),
    );
    expect((await app.inject({ url: "/api/channels" })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/marketplace/vendors" })).statusCode).toBe(401);
    // Their routes are guarded like the others: an anonymous caller gets 401, not a plugin fault.
    expect(
      (await app.inject({ method: "POST", url: "/api/pos/auth/pin-login", payload: { operatorId: "x", pin: "1234" } }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ url: "/api/layaways" })).statusCode).toBe(401);
    // The Agentic Checkout routes answer in the spec's flat error shape.
    const acp = await app.inject({
      url: "/api/acp/checkout_sessions/cs_00000000000000000000000000000000",
      headers: { "api-version": "2026-04-17" },
    });
    expect(acp.statusCode).toBe(401);
    expect(acp.json()).toMatchObject({ type: "invalid_request", code: "unauthorized" });
  });

  it("still ignores the x-test-actor header", async () => {
    const response = await app.inject({ url: "/api/secret", headers: jsonHeaders(testAdminActor) });
    expect(response.statusCode).toBe(401);
    const catalog = await app.inject({ url: "/api/catalog/entities", headers: jsonHeaders(testAdminActor) });
    expect(catalog.statusCode).toBe(401);
  });

  it("signs customers up and in with real credentials", async () => {
    const body = { email: "shopper@example.com", password: "correct horse battery", name: "Shopper" };
    expect((await app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: body })).statusCode).toBe(200);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: body.email, password: body.password },
    });
    const token = signIn.json().data.token as string;
    const catalog = await app.inject({ url: "/api/catalog/entities", headers: { authorization: `Bearer ${token}` } });
    expect(catalog.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/secret", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      403,
    );
  });

  it("serves MCP to a real bearer token as that customer: storefront tools listed, staff tools refused", async () => {
    const body = { email: "agent-owner@example.com", password: "correct horse battery", name: "Agent owner" };
    expect((await app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: body })).statusCode).toBe(200);
    const token = (
      await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: body.email, password: body.password },
      })
    ).json().data.token as string;
    const mcp = (credential: Record<string, string>, method: string, params: unknown) =>
      app.inject({
        method: "POST",
        url: "/api/mcp",
        headers: { ...credential, "content-type": "application/json", accept: "application/json, text/event-stream" },
        payload: { jsonrpc: "2.0", id: 1, method, params },
      });
    const listed = await mcp({ authorization: `Bearer ${token}` }, "tools/list", {});
    expect(listed.statusCode).toBe(200);
    const names = (listed.json().result.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["search_products", "create_cart", "checkout", "track_order"]));
    expect(names).not.toContain("refund_order");
    const refused = (
      await mcp({ authorization: `Bearer ${token}` }, "tools/call", {
        name: "refund_order",
        arguments: { order: "ORD-2026-000001", lines: [] },
      })
    ).json();
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toContain("FORBIDDEN");
    // A forged bearer token is no customer: 401 before any tool runs.
    expect((await mcp({ authorization: "Bearer forged.token" }, "tools/list", {})).statusCode).toBe(401);
  });
});
