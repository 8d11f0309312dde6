import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContentApp } from "./build-content-app.js";

/**
 * The content host as `main.ts` builds it, driven with hostile input: every path of its OpenAPI document
 * (plus the site's article pages) with hostile slugs and query strings answers no 5xx and every error as
 * an RFC 9457 problem document; `POST /mcp` answers every body it cannot read as a JSON-RPC 2.0 error.
 */

const CONTENT_DIR = fileURLToPath(new URL("../content", import.meta.url));
const LONG = "a".repeat(5_000);
const HOSTILE_SEGMENTS = ["%00", "%ff", "%c0%ae%c0%ae", LONG, "..%2f", "%2e%2e", "99999999999999999999999999"];
const HOSTILE_QUERY_VALUES = ["%00", "%ff", LONG, "99999999999999999999999999", "-1", "1e400"];

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildContentApp({ contentDir: CONTENT_DIR, baseUrl: "https://kiln.example" });
});
afterAll(async () => app.close());

describe("hostile input on the content API", () => {
  it("answers every hostile slug and query string with a result or a problem document, never a 5xx", async () => {
    const doc = (await app.inject("/openapi.json")).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const urls: string[] = HOSTILE_SEGMENTS.map((segment) => `/articles/${segment}`);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations)) {
        if (path.includes("{")) urls.push(...HOSTILE_SEGMENTS.map((segment) => path.replaceAll(/\{[^}]+\}/g, segment)));
        const names = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => parameter.name);
        if (names.length > 0)
          urls.push(
            ...HOSTILE_QUERY_VALUES.map((value) => `${path}?${names.map((name) => `${name}=${value}`).join("&")}`),
          );
      }
    }
    expect(urls.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const url of urls) {
      const response = await app.inject({ method: "GET", url });
      const label = `GET ${url.slice(0, 100)} -> ${response.statusCode} ${response.body.slice(0, 160)}`;
      if (response.statusCode >= 500) failures.push(`5xx: ${label}`);
      if (response.statusCode >= 400) {
        const isProblem = String(response.headers["content-type"]).startsWith("application/problem+json");
        const problem = isProblem ? response.json<{ status?: unknown; code?: unknown; type?: unknown }>() : undefined;
        if (
          problem?.status !== response.statusCode ||
          typeof problem.code !== "string" ||
          typeof problem.type !== "string"
        )
          failures.push(`not a problem document: ${label}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers a malformed URL with 400 invalid_request and an over-long slug with 404 not_found, open to any origin", async () => {
    for (const [url, status, code] of [
      ["/api/articles/%ff", 400, "invalid_request"],
      ["/api/articles/%c0%ae%c0%ae", 400, "invalid_request"],
      [`/api/articles/${LONG}`, 404, "not_found"],
    ] as const) {
      const response = await app.inject(url);
      expect([response.statusCode, response.headers["content-type"], response.json().code]).toEqual([
        status,
        "application/problem+json; charset=utf-8",
        code,
      ]);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    }
  });
});

describe("hostile input on POST /mcp", () => {
  const post = (payload: string, contentType = "application/json") =>
    app.inject({
      method: "POST",
      url: "/mcp",
      headers: { "content-type": contentType, accept: "application/json, text/event-stream" },
      payload,
    });

  it("answers a malformed or empty body with the JSON-RPC parse error (-32700), status 400 as the MCP transport does", async () => {
    for (const payload of ["{bad", "", '{"__proto__":{"polluted":true}}', "[1,"]) {
      const response = await post(payload);
      expect([payload, response.statusCode, response.json()]).toEqual([
        payload,
        400,
        { jsonrpc: "2.0", error: { code: -32700, message: "Parse error: Invalid JSON" }, id: null },
      ]);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers any other unreadable request as a JSON-RPC error with id null, never a problem document or a 5xx", async () => {
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    for (const [payload, contentType] of [
      ['"x"', "application/json"],
      ["42", "application/json"],
      ["null", "application/json"],
      ["{}", "application/json"],
      ['{"jsonrpc":"2.0","id":1,"method":"a\\u0000"}', "application/json"],
      [deep, "application/json"],
      ["hello", "text/plain"],
      ["<a/>", "application/xml"],
    ] as const) {
      const response = await post(payload, contentType);
      const body = response.json<{ jsonrpc?: string; error?: { code?: unknown }; id?: unknown }>();
      expect([payload.slice(0, 40), response.statusCode < 500, body.jsonrpc, typeof body.error?.code]).toEqual([
        payload.slice(0, 40),
        true,
        "2.0",
        "number",
      ]);
    }
  });
});
