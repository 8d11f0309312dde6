import { z } from "zod";
import type { ContentIndex } from "../content/build-content-index.js";
import { REST_ENDPOINTS } from "../endpoints.js";
import { API_VERSION } from "../limits.js";
import { PROBLEM_TYPES } from "../problems.js";
import { ApiIndexSchema } from "../schemas/api-index.js";
import { ArticleListSchema, ArticleSchema, SearchResponseSchema, SLUG_PATTERN } from "../schemas/article.js";
import { CompanyProfileSchema } from "../schemas/company-profile.js";
import { openApiRegistry } from "../schemas/open-api-registry.js";
import { PricingSchema } from "../schemas/pricing.js";
import { ProblemSchema, type ProblemCode } from "../schemas/problem.js";
import { ArticlesQuerySchema, SearchQuerySchema } from "../schemas/queries.js";
import { ServiceListSchema } from "../schemas/service-list.js";

type JsonObject = Record<string, unknown>;

interface Operation {
  schema: z.ZodType;
  query?: z.ZodObject;
  pathParams?: JsonObject[];
  problems: ProblemCode[];
}

const OPERATIONS: Record<string, Operation> = {
  "/api": { schema: ApiIndexSchema, problems: [] },
  "/api/company": { schema: CompanyProfileSchema, problems: [] },
  "/api/services": { schema: ServiceListSchema, problems: [] },
  "/api/pricing": { schema: PricingSchema, problems: [] },
  "/api/articles": { schema: ArticleListSchema, query: ArticlesQuerySchema, problems: ["invalid_request"] },
  "/api/articles/{slug}": {
    schema: ArticleSchema,
    pathParams: [
      {
        name: "slug",
        in: "path",
        required: true,
        description: "As returned by the article list or the search.",
        schema: { type: "string", pattern: SLUG_PATTERN.source },
      },
    ],
    problems: ["not_found"],
  },
  "/api/search": { schema: SearchResponseSchema, query: SearchQuerySchema, problems: ["invalid_request"] },
  "/openapi.json": { schema: z.object({}).loose(), problems: [] },
};

/**
 * The OpenAPI 3.1 description of the API, generated from the zod schemas that validate content and type
 * responses: components from the schema registry, parameters from the query schemas.
 */
export function openApiDocument(index: ContentIndex): JsonObject {
  const paths: JsonObject = {};
  for (const endpoint of REST_ENDPOINTS) {
    const operation = OPERATIONS[endpoint.path];
    if (!operation) throw new Error(`No OpenAPI operation for ${endpoint.path}`);
    paths[endpoint.path] = { get: operationObject(endpoint.path, endpoint.description, operation) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: index.apiIndex.name,
      version: API_VERSION,
      description: [
        `Public, read-only JSON interface to ${index.company.name}: pricing, company profile, service lines and articles.`,
        "Read pricing before quoting any price; read the company profile before describing the business model;",
        "use the article list and search to check whether an article on a topic exists.",
        "Only GET and OPTIONS are accepted; successful responses may be cached for 5 minutes;",
        "every failure is an RFC 9457 problem (application/problem+json). No authentication.",
      ].join(" "),
      contact: { name: index.company.name, email: index.company.email, url: index.company.url },
    },
    servers: [{ url: index.baseUrl }],
    externalDocs: { description: "Developer page", url: `${index.baseUrl}/developers` },
    paths,
    components: {
      schemas: componentSchemas(),
      headers: {
        ETag: { description: "Strong validator; send it back in If-None-Match for a 304.", schema: { type: "string" } },
        CacheControl: { description: "public, max-age=300", schema: { type: "string" } },
        Allow: { description: "The methods the service accepts.", schema: { type: "string" } },
      },
    },
  };
}

function operationObject(path: string, description: string, operation: Operation): JsonObject {
  const id =
    path === "/openapi.json"
      ? "getOpenApi"
      : `get${path.replace(/[{}]/g, "").split("/").filter(Boolean).map(capitalize).join("")}`;
  const responses: JsonObject = {
    "200": {
      description: "Success.",
      headers: {
        ETag: { $ref: "#/components/headers/ETag" },
        "Cache-Control": { $ref: "#/components/headers/CacheControl" },
      },
      content: { "application/json": { schema: responseSchema(operation.schema) } },
    },
    "304": { description: "Not modified: the If-None-Match tag is current." },
  };
  const codes: ProblemCode[] = [...operation.problems, "method_not_allowed"];
  for (const code of codes) {
    const type = PROBLEM_TYPES[code];
    responses[String(type.status)] = {
      description: `${type.title} (\`${code}\`): ${type.when}`,
      ...(code === "method_not_allowed" ? { headers: { Allow: { $ref: "#/components/headers/Allow" } } } : {}),
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
    };
  }
  return {
    operationId: id,
    summary: description,
    parameters: [...(operation.pathParams ?? []), ...queryParameters(operation.query)],
    responses,
  };
}

function queryParameters(query: z.ZodObject | undefined): JsonObject[] {
  if (!query) return [];
  return Object.entries(query.shape).map(([name, field]) => {
    const schema = clean(z.toJSONSchema(field as z.ZodType, { io: "input" }) as JsonObject);
    const { description, ...rest } = schema;
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

function responseSchema(schema: z.ZodType): JsonObject {
  const id = openApiRegistry.get(schema)?.id;
  return id ? { $ref: `#/components/schemas/${id}` } : { type: "object", description: "The OpenAPI 3.1 document." };
}

let components: JsonObject | undefined;
function componentSchemas(): JsonObject {
  // Referencing the problem schema keeps its module (and registration) in any tree-shaken build.
  if (!openApiRegistry.has(ProblemSchema)) throw new Error("Problem schema is not registered");
  components ??= Object.fromEntries(
    Object.entries(
      z.toJSONSchema(openApiRegistry, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` }).schemas,
    ).map(([id, schema]) => [id, clean(schema as JsonObject)]),
  );
  return components;
}

// Each generated schema names its own dialect and id; inside an OpenAPI document both are implied.
function clean(schema: JsonObject): JsonObject {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
