import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../testing/index.js";
import { toAppError } from "./error-response.js";
import { MAX_INPUT_DEPTH } from "./unsafe-input.js";

interface ErrorAnswer {
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

describe("input rules and framework errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = async (method: "GET" | "POST" | "PATCH", url: string, payload?: string) => {
    const response = await t.app.inject({
      method,
      url,
      headers: jsonHeaders(testAdminActor),
      ...(payload === undefined ? {} : { payload }),
    });
    return {
      status: response.statusCode,
      body: response.json<ErrorAnswer>(),
      requestId: response.headers["x-request-id"],
    };
  };
  const settingsRows = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from settings_groups`.execute(t.db)).rows[0]?.count;

  it("answers a URL that does not decode with 400 BAD_REQUEST in the envelope, request id included", async () => {
    for (const url of ["/api/catalog/brands/%", "/api/catalog/entities/%ff", "/api/catalog/entities/%c0%ae/publish"]) {
      const answer = await send("GET", url);
      expect([answer.status, answer.body.error.code]).toEqual([400, "BAD_REQUEST"]);
      expect(answer.requestId).toBeTruthy();
    }
  });

  it("answers a path id past the router's length limit with 404 NOT_FOUND: no identifier is that long", async () => {
    const answer = await send("POST", `/api/catalog/entities/${"a".repeat(5_000)}/publish`);
    expect([answer.status, answer.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  // Regression: a NUL in a path id reached PostgreSQL ("invalid byte sequence for encoding UTF8") as a 500.
  it("refuses a NUL character in path params, query and body with 422 naming the field", async () => {
    const inParams = await send("POST", "/api/catalog/entities/%00/publish");
    expect([inParams.status, inParams.body.error.issues?.[0]?.path]).toEqual([422, "params.id"]);
    const inQuery = await send("GET", "/api/catalog/entities?type=shirt%00");
    expect([inQuery.status, inQuery.body.error.issues?.[0]?.path]).toEqual([422, "query.type"]);
    const inBody = await send(
      "PATCH",
      "/api/settings/custom",
      JSON.stringify({ nested: { list: ["ok", "a\u0000b"] } }),
    );
    expect([inBody.status, inBody.body.error.code, inBody.body.error.issues?.[0]?.path]).toEqual([
      422,
      "VALIDATION_FAILED",
      "body.nested.list.1",
    ]);
    const inKey = await send("PATCH", "/api/settings/custom", JSON.stringify({ "a\u0000": 1 }));
    expect([inKey.status, inKey.body.error.issues?.[0]?.path]).toEqual([422, "body"]);
    expect(await settingsRows()).toBe(0);
  });

  // Regression: `{"__proto__": ...}` failed Fastify's secure JSON parse with an error the mapper did not know, a 500.
  it("refuses prototype keys at any depth of a free-form object with 422, writing nothing", async () => {
    for (const [payload, path] of [
      ['{"__proto__":{"isAdmin":true}}', "body.__proto__"],
      ['{"constructor":{"prototype":{"isAdmin":true}}}', "body.constructor"],
      ['{"theme":{"prototype":1}}', "body.theme.prototype"],
    ] as const) {
      const answer = await send("PATCH", "/api/settings/custom", payload);
      expect([answer.status, answer.body.error.code, answer.body.error.issues?.[0]?.path]).toEqual([
        422,
        "VALIDATION_FAILED",
        path,
      ]);
    }
    expect(await settingsRows()).toBe(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it(`refuses JSON nested deeper than ${MAX_INPUT_DEPTH} levels with 422, and accepts it at the limit`, async () => {
    const nest = (levels: number): string => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    const tooDeep = await send("PATCH", "/api/settings/custom", nest(MAX_INPUT_DEPTH + 1));
    expect([tooDeep.status, tooDeep.body.error.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(tooDeep.body.error.message).toContain(`deeper than ${MAX_INPUT_DEPTH}`);
    expect((await send("PATCH", "/api/settings/custom", nest(MAX_INPUT_DEPTH))).status).toBe(200);
  });

  it("answers a body that is not JSON with 400 BAD_REQUEST, and an unsupported content type with 415", async () => {
    const invalid = await send("PATCH", "/api/settings/custom", '{"a":');
    expect([invalid.status, invalid.body.error.code]).toEqual([400, "BAD_REQUEST"]);
    const text = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/custom",
      headers: { ...jsonHeaders(testAdminActor), "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect([text.statusCode, text.json<ErrorAnswer>().error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });

  it("maps a NUL that reaches PostgreSQL by another road to 422, not a 500", async () => {
    const failure = await t.db
      .selectFrom("organizations")
      .select("id")
      .where("id", "=", "a\u0000b")
      .execute()
      .catch((error: unknown) => error);
    expect(toAppError(failure)?.code).toBe("VALIDATION_FAILED");
  });
});

describe("requests Node's HTTP parser refuses", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const rawExchange = (text: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end(text));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });

  it("answers a malformed request in the envelope and closes the connection", async () => {
    const answer = await rawExchange("GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      error: { code: "BAD_REQUEST", message: "The request is not valid HTTP" },
    });
  });

  it("answers headers past the size limit with 431 in the envelope", async () => {
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { port, host: "127.0.0.1", path: "/api/health", headers: { "x-large": "a".repeat(20_000) } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode, body }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error.code).toBe("BAD_REQUEST");
  });
});
