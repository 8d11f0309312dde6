import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../testing/index.js";
import { greetingsPlugin } from "../testing/fixtures/greetings-plugin.js";
import { corsPolicy } from "./cors.js";

const admin = "https://admin.shop.example";

describe("CORS for browser apps on other origins", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { plugins: [greetingsPlugin()], http: { rateLimit: false, cors: { origins: [admin] } } },
    });
  });
  afterAll(() => t.close());

  it("answers a listed origin's preflight with the methods and headers it may send", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/greetings",
      headers: {
        origin: admin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-api-key",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      "access-control-allow-origin": admin,
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
      "access-control-max-age": "600",
    });
    expect(preflight.headers["access-control-allow-headers"]).toContain("idempotency-key");
  });

  it("lets a listed origin read answers, errors included, with the request id exposed", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: { ...jsonHeaders(testAdminActor), origin: admin },
      payload: { text: "hi" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["access-control-allow-origin"]).toBe(admin);
    expect(created.headers["access-control-expose-headers"]).toContain("x-request-id");
    const refused = await t.app.inject({ url: "/api/greetings", headers: { origin: admin } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["access-control-allow-origin"]).toBe(admin);
  });

  it("gives any other origin no CORS headers, on preflights and answers alike", async () => {
    for (const origin of ["https://evil.example", "null", `${admin}.evil.example`, "https://ADMIN.shop.example"]) {
      const preflight = await t.app.inject({
        method: "OPTIONS",
        url: "/api/greetings",
        headers: { origin, "access-control-request-method": "DELETE" },
      });
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
      const answer = await t.app.inject({ url: "/api/health", headers: { origin } });
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(answer.headers.vary).toContain("origin");
    }
  });

  it("refuses to boot with something that is not an origin", async () => {
    await expect(createTestApp({ config: { http: { cors: { origins: ["*"] } } } })).rejects.toThrow(
      /http\.cors\.origins: "\*" is not an origin/,
    );
    for (const origin of ["https://admin.shop.example/", "admin.shop.example", "ftp://files.example", "null"])
      expect(() => corsPolicy({ origins: [origin] })).toThrow(/http\.cors\.origins/);
  });
});

describe("without CORS configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { http: { rateLimit: false } } });
  });
  afterAll(() => t.close());

  it("sends no CORS headers and has no preflight route", async () => {
    const answer = await t.app.inject({ url: "/api/health", headers: { origin: admin } });
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/health",
      headers: { origin: admin, "access-control-request-method": "GET" },
    });
    expect(preflight.statusCode).toBe(404);
  });
});
