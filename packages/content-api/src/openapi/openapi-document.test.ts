import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats, { type FormatsPlugin } from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_BASE_URL } from "../testing/build-test-app.js";

// ajv-formats is CommonJS: imported from ESM, its default is the plugin function itself, which its
// typings (written for a transpiled `exports.default`) do not express.
const addFormats = ajvFormats as unknown as FormatsPlugin;

let app: FastifyInstance;
let document: Record<string, unknown>;
beforeAll(async () => {
  ({ app } = await buildTestApp({ mcpUrl: `${TEST_BASE_URL}/mcp` }));
  document = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
});
afterAll(async () => app.close());

type JsonObject = Record<string, unknown>;

/** The 200 schema documented for a path, with the document's components beside it so `$ref`s resolve. */
function documentedSchema(path: string, status = "200", mediaType = "application/json"): JsonObject {
  const paths = document["paths"] as Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { schema: JsonObject }> }> } }
  >;
  const schema = paths[path]?.get.responses[status]?.content[mediaType]?.schema;
  if (!schema) throw new Error(`no ${status} ${mediaType} schema documented for ${path}`);
  return { ...schema, components: document["components"] };
}

function validatorFor(path: string, status?: string, mediaType?: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(documentedSchema(path, status, mediaType));
}

describe("GET /openapi.json", () => {
  it("passes an independent OpenAPI 3.1 validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every endpoint listed by GET /api, with its parameters and limits", async () => {
    const index = (await app.inject({ method: "GET", url: "/api" })).json() as {
      endpoints: { method: string; path: string }[];
    };
    const paths = document["paths"] as Record<
      string,
      { get: { parameters: { name: string; required: boolean; schema: JsonObject }[] } }
    >;
    for (const endpoint of index.endpoints.filter((e) => e.method === "GET"))
      expect(paths).toHaveProperty([endpoint.path]);
    const articles = paths["/api/articles"]?.get.parameters ?? [];
    expect(articles.find((p) => p.name === "limit")?.schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 50,
    });
    expect(articles.find((p) => p.name === "offset")?.schema).toMatchObject({
      type: "integer",
      minimum: 0,
      maximum: 10000,
      default: 0,
    });
    const search = paths["/api/search"]?.get.parameters ?? [];
    expect(search.find((p) => p.name === "q")).toMatchObject({
      required: true,
      schema: { type: "string", minLength: 1 },
    });
    expect(search.find((p) => p.name === "limit")?.schema).toMatchObject({ minimum: 1, maximum: 50, default: 10 });
    expect(document["servers"]).toEqual([{ url: TEST_BASE_URL }]);
  });
});

describe("every success body validates against the schema documented for it", () => {
  const cases: [string, string][] = [
    ["/api", "/api"],
    ["/api/company", "/api/company"],
    ["/api/services", "/api/services"],
    ["/api/pricing", "/api/pricing"],
    ["/api/articles", "/api/articles"],
    ["/api/articles", "/api/articles?tag=AI&limit=2&offset=1"],
    ["/api/articles", "/api/articles?offset=10000"],
    ["/api/articles/{slug}", "/api/articles/bravo-agents"],
    ["/api/articles/{slug}", "/api/articles/alpha-launch"],
    ["/api/search", "/api/search?q=postgres"],
    ["/api/search", "/api/search?q=zzz-no-match"],
  ];
  it.each(cases)("%s (%s)", async (path, url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    const validate = validatorFor(path);
    expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ["/api/articles/{slug}", "404", "/api/articles/missing"],
    ["/api/articles", "400", "/api/articles?limit=0"],
    ["/api/search", "400", "/api/search"],
    ["/api", "405", "/api"],
  ])("problem bodies too: %s %s", async (path, status, url) => {
    const response = await app.inject({ method: status === "405" ? "DELETE" : "GET", url });
    expect(String(response.statusCode)).toBe(status);
    const validate = validatorFor(path, status, "application/problem+json");
    expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
  });
});
