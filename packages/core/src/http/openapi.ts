import type { FastifyContextConfig, FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Registries } from "../kernel/registries.js";
import { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from "./idempotency/idempotency-key.js";

export interface OpenApiOptions {
  version: string;
  title?: string;
  /** Every declared error code, listed under the document's `x-error-codes`. */
  errors: Registries["errors"];
}

/**
 * Collects every route registered after it into an OpenAPI 3.0 document served at `GET /api/doc`, and
 * serves the interactive explorer at `GET /api/reference`. Registered inside the commerce context, so a
 * host app's own routes stay out of it.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { version, title = "Unified Commerce API", errors }: OpenApiOptions,
) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title,
        version,
        description: [
          "Headless, multi-tenant commerce API. Errors answer `{ error: { code, message } }`;",
          "`x-error-codes` lists every code with its status, default message and the module that declares it.",
        ].join(" "),
      },
      ...errorCodesExtension(errors),
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "uc.session_token" },
          bearer: { type: "http", scheme: "bearer" },
          apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
        },
      },
    },
    transform: (input) =>
      withMultipartBody(withDocumentedHeaders(jsonSchemaTransform(input), input.route.config), input.route.config),
  });
}

const IDEMPOTENCY_KEY_DOC = {
  type: "string",
  minLength: 1,
  maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
  description: [
    "Makes a retry safe: the same key with the same request within 24 hours replays the first answer (header",
    "`Idempotent-Replayed: true`) without running again; with another request it is a 422 IDEMPOTENCY_KEY_REUSED;",
    "while the first request runs, a 409 CONFLICT. 1 to 255 printable ASCII characters, scoped to the organization and",
    "the caller's credential.",
  ].join(" "),
};

/**
 * Documents the request headers a route reads without a validator on every request: `Idempotency-Key`
 * on the routes that honour it, and what a route declared with `.header()`.
 */
function withDocumentedHeaders<T extends { schema: object }>(
  transformed: T,
  config: FastifyContextConfig | undefined,
): T {
  const declared = Object.fromEntries(
    Object.entries(config?.documentedHeaders ?? {}).map(([name, doc]) => [
      name,
      {
        type: "string",
        description: doc.description,
        ...(doc.maxLength === undefined ? {} : { maxLength: doc.maxLength }),
      },
    ]),
  );
  const documented = {
    ...(config?.isIdempotent === true ? { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_DOC } : {}),
    ...declared,
  };
  if (Object.keys(documented).length === 0) return transformed;
  const schema = transformed.schema as { headers?: { properties?: Record<string, unknown> } };
  const required = Object.entries(config?.documentedHeaders ?? {}).flatMap(([name, doc]) =>
    doc.isRequired ? [name] : [],
  );
  const headers = {
    type: "object",
    ...schema.headers,
    properties: { ...schema.headers?.properties, ...documented },
    ...(required.length > 0 ? { required } : {}),
  };
  return { ...transformed, schema: { ...transformed.schema, headers } };
}

/**
 * Documents a multipart route's body, which its handler reads itself (so no body schema validates it):
 * a required binary `file` part and the route's text parts. Only the document sees this schema.
 */
function withMultipartBody<T extends { schema: object }>(transformed: T, config: FastifyContextConfig | undefined): T {
  const fields = config?.multipartFields;
  if (fields === undefined) return transformed;
  const body = {
    type: "object",
    required: ["file"],
    properties: {
      file: { type: "string", format: "binary" },
      ...Object.fromEntries(
        Object.entries(fields).map(([name, description]) => [name, { type: "string", description }]),
      ),
    },
  };
  return { ...transformed, schema: { ...transformed.schema, consumes: ["multipart/form-data"], body } };
}

/** An OpenAPI extension: the kernel's generic codes and every manifest's, as the kernel merged them. */
function errorCodesExtension(errors: Registries["errors"]) {
  return {
    "x-error-codes": Object.fromEntries(
      [...errors].map(([code, { status, message, module }]) => [code, { status, message, module }]),
    ),
  };
}

export async function registerDocRoutes(app: FastifyInstance): Promise<void> {
  app.get("/doc", { schema: { hide: true }, config: { isPublic: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: "/reference",
    configuration: { url: "/api/doc", title: "Unified Commerce API" },
    logLevel: "warn",
  });
}
