import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./build-app.js";

describe("commerce API mounted in a custom Fastify app", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ logLevel: "silent", database: { dataDir: "memory://" } });
  });
  afterAll(() => app.close());

  it("serves the host's own routes unchanged", async () => {
    const response = await app.inject({ url: "/" });
    expect(response.json()).toEqual({ service: "my-shop", commerce: "/api" });
    expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("serves the admin app at /admin (built, or a 503 naming the build command) and leaves / alone", async () => {
    const admin = await app.inject({ url: "/admin/catalog/products" });
    expect([200, 503]).toContain(admin.statusCode);
    expect(admin.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(admin.headers["cache-control"]).toMatch(/no-cache|no-store/);
  });

  it("serves the commerce API under /api with its conventions", async () => {
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.headers["x-request-id"]).toBeTruthy();

    const missing = await app.inject({ url: "/api/unknown" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("NOT_FOUND");

    const doc = (await app.inject({ url: "/api/doc" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain("/api/health");
    expect(Object.keys(doc.paths)).not.toContain("/");
  });

  it("answers what the router refuses before routing in the envelope: a malformed URL is 400, an over-long id 404", async () => {
    const malformed = await app.inject({ url: "/api/catalog/brands/%ff" });
    expect([malformed.statusCode, malformed.json().error.code]).toEqual([400, "BAD_REQUEST"]);
    expect(malformed.headers["x-request-id"]).toBeTruthy();
    const overLong = await app.inject({ url: `/api/catalog/entities/${"a".repeat(5_000)}` });
    expect([overLong.statusCode, overLong.json().error.code]).toEqual([404, "NOT_FOUND"]);
  });
});
