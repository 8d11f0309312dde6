import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  jsonHeaders,
  testAdminActor,
  testNoPermActor,
  type TestApp,
} from "../testing/index.js";
import { greetingsPlugin } from "../testing/fixtures/greetings-plugin.js";

const reader = createTestActor({ permissions: ["greetings:read"], role: "reader" });
const otherStoreAdmin = createTestActor({ permissions: ["*:*"], organizationId: "other-store", id: "other-admin" });

async function greetingCount(t: TestApp): Promise<number> {
  const result = await sql<{ count: number }>`select count(*)::int as count from greetings`.execute(t.db);
  return result.rows[0]?.count ?? -1;
}

describe("commerce API over HTTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [greetingsPlugin()] } });
  });
  afterAll(() => t.close());

  it("creates and reads through a plugin route", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: "hello" },
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json<{ data: { id: string; text: string } }>();
    expect(data.text).toBe("hello");

    const read = await t.app.inject({ url: `/api/greetings/${data.id}`, headers: jsonHeaders(reader) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { id: data.id, text: "hello" } });
  });

  it("lists a plugin's route in the OpenAPI document", async () => {
    const response = await t.app.inject({ url: "/api/doc" });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { tags: string[] }>> }>();
    expect(doc.openapi).toMatch(/^3\.0/);
    expect(doc.paths["/api/greetings"]?.post?.tags).toEqual(["Greetings"]);
    expect(doc.paths["/api/greetings/{id}"]?.get).toBeDefined();
    expect(doc.paths["/api/health"]?.get).toBeDefined();
  });

  it("serves the interactive reference", async () => {
    const response = await t.app.inject({ url: "/api/reference/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });

  it("answers 422 naming the field, and writes nothing", async () => {
    const before = await greetingCount(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: 42 },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: { code: string; message: string; issues: { path: string }[] } }>();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toContain("body.text");
    expect(body.error.issues[0]?.path).toBe("body.text");
    expect(await greetingCount(t)).toBe(before);
  });

  it("answers 403 FORBIDDEN without the permission, and writes nothing", async () => {
    const before = await greetingCount(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testNoPermActor),
      payload: { text: "nope" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("FORBIDDEN");
    expect(await greetingCount(t)).toBe(before);
  });

  it("answers 401 to an anonymous request on a protected route", async () => {
    const response = await t.app.inject({ url: "/api/greetings" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHORIZED");
  });

  it("answers an unknown route with the 404 envelope", async () => {
    for (const url of ["/api/nothing-here", "/elsewhere"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: expect.stringContaining("not found") } });
      expect(response.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("answers a multipart body sent to a JSON route with the route's validation error", async () => {
    const boundary = "----boundary";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: { ...jsonHeaders(testAdminActor), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("refuses a body of 1 MB + 1 byte with 413, and accepts exactly 1 MB", async () => {
    const overhead = JSON.stringify({ text: "" }).length;
    const atLimit = JSON.stringify({ text: "x".repeat(1_048_576 - overhead) });
    const overLimit = JSON.stringify({ text: "x".repeat(1_048_576 - overhead + 1) });
    const before = await greetingCount(t);

    const over = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: overLimit,
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe("PAYLOAD_TOO_LARGE");

    // At the limit the body is read, then refused by validation (text is capped at 100 characters).
    const at = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: atLimit,
    });
    expect(at.statusCode).toBe(422);
    expect(await greetingCount(t)).toBe(before);
  });

  it("gives every response its own request id", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: "/api/health" })));
    const ids = new Set(responses.map((response) => response.headers["x-request-id"]));
    expect(ids.size).toBe(20);
  });

  it("refuses out-of-range paging with 422 instead of clamping", async () => {
    for (const query of ["limit=101", "limit=0", "page=0", "page=abc"]) {
      const response = await t.app.inject({ url: `/api/greetings?${query}`, headers: jsonHeaders(reader) });
      expect(response.statusCode, query).toBe(422);
    }
    const ok = await t.app.inject({ url: "/api/greetings?limit=100&page=1", headers: jsonHeaders(reader) });
    expect(ok.json().meta.pagination).toMatchObject({ page: 1, limit: 100 });
  });

  it("maps a unique violation to 409 CONFLICT", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: "unique" },
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: "unique" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("CONFLICT");
  });

  it("hides another organization's rows (404) and lists only its own", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: "mine" },
    });
    const { id } = created.json<{ data: { id: string } }>().data;

    const foreign = await t.app.inject({ url: `/api/greetings/${id}`, headers: jsonHeaders(otherStoreAdmin) });
    expect(foreign.statusCode).toBe(404);
    const list = await t.app.inject({ url: "/api/greetings", headers: jsonHeaders(otherStoreAdmin) });
    expect(list.json().data).toEqual([]);
  });

  it("answers a fault with 500 and the request id, never the SQL or a stack", async () => {
    const response = await t.app.inject({ url: "/api/greetings/not-a-uuid", headers: jsonHeaders(reader) });
    // A malformed uuid is the caller's mistake, mapped from PostgreSQL's 22P02.
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toMatch(/select|greetings|uuid/i);

    const broken = await t.app.inject({ url: "/api/greetings", headers: { "x-test-actor": "{not json" } });
    expect(broken.statusCode).toBe(500);
    const body = broken.json<{ error: { code: string; message: string; requestId: string } }>();
    expect(body.error.code).toBe("INTERNAL_ERROR");
    expect(body.error.requestId).toBe(broken.headers["x-request-id"]);
    expect(broken.body).not.toMatch(/at .*\.ts|SyntaxError|JSON/);
  });
});

describe("rate limiting", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { http: { rateLimit: { max: 3, windowMs: 60_000 } } } });
  });
  afterAll(() => t.close());

  it("sets the limit headers on every response and answers 429 with Retry-After past the limit", async () => {
    const responses = [];
    for (let i = 0; i < 4; i += 1) responses.push(await t.app.inject({ url: "/api/health" }));
    const [first, , third, fourth] = responses;
    expect(first?.headers["x-ratelimit-limit"]).toBe("3");
    expect(first?.headers["x-ratelimit-remaining"]).toBe("2");
    expect(third?.headers["x-ratelimit-remaining"]).toBe("0");
    const reset = Number(first?.headers["x-ratelimit-reset"]);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    expect(first?.headers["retry-after"]).toBeUndefined();

    expect(fourth?.statusCode).toBe(429);
    expect(fourth?.json().error.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(fourth?.headers["retry-after"])).toBeGreaterThan(0);
  });
});

// The front hook is attached per route (and called by the 404 handler): every kind of answer under /api
// must still carry the request id and the limit headers, and count against the window.
describe("request id and limit headers on every kind of answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { plugins: [greetingsPlugin()], http: { rateLimit: { max: 100, windowMs: 60_000 } } },
    });
  });
  afterAll(() => t.close());

  it("sets them on builder routes, HEAD, health, the OpenAPI document, unknown routes and refusals alike", async () => {
    const requests = [
      { method: "GET" as const, url: "/api/greetings", headers: jsonHeaders(testAdminActor), status: 200 },
      { method: "HEAD" as const, url: "/api/greetings", headers: jsonHeaders(testAdminActor), status: 200 },
      { method: "GET" as const, url: "/api/greetings", headers: {}, status: 401 },
      { method: "GET" as const, url: "/api/greetings", headers: jsonHeaders(testNoPermActor), status: 403 },
      { method: "GET" as const, url: "/api/health", headers: {}, status: 200 },
      { method: "GET" as const, url: "/api/doc", headers: {}, status: 200 },
      { method: "GET" as const, url: "/api/nothing-here", headers: {}, status: 404 },
    ];
    const remaining: number[] = [];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(request.status);
      expect(response.headers["x-request-id"], `${request.method} ${request.url}`).toBeTruthy();
      expect(response.headers["x-ratelimit-limit"], `${request.method} ${request.url}`).toBe("100");
      remaining.push(Number(response.headers["x-ratelimit-remaining"]));
    }
    expect(remaining).toEqual(remaining.map((_, i) => 99 - i));
  });
});

describe("health", () => {
  it("answers 200 with the version, then 503 once the database is unreachable", async () => {
    const t = await createTestApp();
    const ok = await t.app.inject({ url: "/api/health" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "ok", version: t.kernel.version });

    await t.kernel.database.close();
    const down = await t.app.inject({ url: "/api/health" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "error", version: t.kernel.version, database: "unreachable" });
    await t.app.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("rate limiting shared through Redis", () => {
  it("enforces one limit across two server processes' counters", async () => {
    const rateLimit = { max: 4, windowMs: 60_000, redisUrl: process.env.TEST_REDIS_URL as string };
    // Each run gets its own window key space by using a fresh client IP.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const [a, b] = await Promise.all([
      createTestApp({ config: { http: { rateLimit } } }),
      createTestApp({ config: { http: { rateLimit } } }),
    ]);
    try {
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a, b]) {
        statuses.push((await app.app.inject({ url: "/api/health", remoteAddress: ip })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
