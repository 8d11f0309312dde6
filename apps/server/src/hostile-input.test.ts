import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "@unified-commerce/core/testing";
import defaultConfig from "../commerce.config.js";

/**
 * Every route of the reference server (core modules and the auth plugin, as `commerce.config.ts` wires
 * them), read from its own OpenAPI document, driven with hostile path ids, JSON bodies and query strings
 * by an actor holding every permission. Whatever the layer that refuses (router, body parser, validation,
 * service, database), the answer is never a 5xx, every error is the `{ error: { code, message } }`
 * envelope (the Agentic Checkout routes: that protocol's flat `{ type, code, message }`), and no row of
 * any table changes.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Route {
  method: Method;
  path: string;
  operation: Operation;
}
interface HostileRequest {
  url: string;
  body?: string;
  /** The status the API's input rules promise for this request, when they decide it whatever the route. */
  expected?: number;
}

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const LONG = "a".repeat(5_000);
const HOSTILE_IDS = ["%00", "%ff", LONG, "..%2f", "%c0%ae", "99999999999999999999999999"];
const HOSTILE_QUERY_VALUES = ["%00", "%ff", LONG, "99999999999999999999999999", "-1", "..%2f"];
const NUL_STRING = JSON.stringify("a\u0000b");
const PROTO_OBJECT = '{"__proto__":{"polluted":true}}';
const DEEP = `${'{"a":'.repeat(100)}1${"}".repeat(100)}`;
const HUGE_NUMBERS = [`1${"0".repeat(400)}`, "-1e308", "1e-400"];

/** A value of another type than the property declares (or a string where it declares none). */
function wrongType(schema: JsonSchema): string {
  switch (schema.type) {
    case "string":
      return "12345";
    case "integer":
    case "number":
    case "array":
    case "object":
      return '"not this type"';
    default:
      return "[[1]]";
  }
}

/** `{"p1": value, "p2": value...}` over the body's declared properties (a key `value` when it declares none). */
function objectText(schema: JsonSchema, value: (property: JsonSchema) => string): string {
  const properties = Object.entries(schema.properties ?? { value: {} });
  return `{${properties.map(([name, property]) => `${JSON.stringify(name)}:${value(property)}`).join(",")}}`;
}

function fillPath(path: string, value: string): string {
  return path.replaceAll(/\{[^}]+\}/g, value);
}

function hostileRequests({ method, path, operation }: Route): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const bodySchema = operation.requestBody?.content["application/json"]?.schema;
  const hasBody = method !== "GET";
  if (path.includes("{")) {
    for (const id of HOSTILE_IDS) requests.push({ url: fillPath(path, id), ...(bodySchema ? { body: "{}" } : {}) });
  }
  const url = fillPath(path, MISSING_ID);
  if (hasBody) {
    // Refused by the body parser on every route, whatever its schema: invalid JSON 400, unsafe JSON 422.
    requests.push({ url, body: '{"a":', expected: 400 });
    for (const text of [
      PROTO_OBJECT,
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a\\u0000":1}',
      `{"a":${DEEP}}`,
      `{"a":${NUL_STRING}}`,
    ]) {
      requests.push({ url, body: text, expected: 422 });
    }
  }
  if (bodySchema) {
    for (const text of [
      "",
      "[]",
      '"x"',
      "42",
      "null",
      "true",
      ...HUGE_NUMBERS.map((n) => objectText(bodySchema, () => n)),
    ])
      requests.push({ url, body: text });
    for (const value of [NUL_STRING, PROTO_OBJECT, DEEP])
      requests.push({ url, body: objectText(bodySchema, () => value), expected: 422 });
    if (bodySchema.properties) requests.push({ url, body: objectText(bodySchema, wrongType) });
  }
  const queryNames = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => parameter.name);
  if (queryNames.length > 0) {
    for (const value of HOSTILE_QUERY_VALUES) {
      requests.push({
        url: `${url}?${queryNames.map((name) => `${name}=${value}`).join("&")}`,
        ...(value === "%00" ? { expected: 422 } : {}),
      });
    }
    requests.push({ url: `${url}?__proto__[polluted]=1&constructor=1&${queryNames[0]}[]=1` });
  }
  return requests;
}

describe("hostile input on every route of the reference server", () => {
  let t: TestApp;
  let mediaDir: string;
  let routes: Route[];
  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "uc-hostile-"));
    t = await createTestApp({
      config: {
        ...defaultConfig,
        http: { ...defaultConfig.http, rateLimit: false },
        media: { ...defaultConfig.media, directory: mediaDir },
      },
    });
    const doc = (await t.app.inject({ url: "/api/doc" })).json<{ paths: Record<string, Record<string, Operation>> }>();
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        operation,
      })),
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  let tables: string[] | undefined;
  /** Every row of every table of the test's schema, to prove a refused request wrote nothing. */
  async function snapshot(): Promise<string> {
    const schema = t.kernel.database.schema;
    tables ??= (await t.db.introspection.getTables())
      .filter((table) => table.schema === schema)
      .map((table) => table.name);
    const db = t.db.withSchema(schema).withTables<Record<string, Record<string, unknown>>>();
    const contents = await Promise.all(
      tables.map(async (name) => [name, await db.selectFrom(db.dynamic.table(name).as("t")).selectAll().execute()]),
    );
    return JSON.stringify(contents);
  }

  it("covers the whole API", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((route) => route.path.startsWith("/api/auth/"))).toBe(true);
  });

  it("never answers 5xx, answers every error in the envelope, and writes nothing", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const before = await snapshot();
      for (const request of hostileRequests(route)) {
        const response = await t.app.inject({
          method: route.method,
          url: request.url,
          headers: jsonHeaders(testAdminActor),
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        const label = `${route.method} ${request.url.slice(0, 120)} ${request.body?.slice(0, 80) ?? ""} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) failures.push(`5xx: ${label}`);
        if (request.expected !== undefined && response.statusCode !== request.expected)
          failures.push(`expected ${request.expected}: ${label}`);
        if (response.statusCode >= 400) {
          const body: unknown = String(response.headers["content-type"]).startsWith("application/json")
            ? response.json()
            : undefined;
          // The Agentic Checkout routes answer that protocol's flat error `{ type, code, message }` instead; a
          // URL the server refuses before any route matches (malformed, too long) gets the API's envelope.
          const flat = body as { type?: unknown; code?: unknown; message?: unknown } | undefined;
          const enveloped = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
          const error = route.path.startsWith("/api/acp/") && typeof flat?.type === "string" ? flat : enveloped;
          if (typeof error?.code !== "string" || typeof error.message !== "string" || !response.headers["x-request-id"])
            failures.push(`not the envelope: ${label}`);
        }
      }
      if ((await snapshot()) !== before) failures.push(`wrote rows: ${route.method} ${route.path}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
