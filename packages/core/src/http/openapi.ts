import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Registries } from "../kernel/registries.js";

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
export async function registerOpenApi(app: FastifyInstance, { version, title = "Unified Commerce API", errors }: OpenApiOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title,
        version,
        description:
          "Headless, multi-tenant commerce API. Errors answer `{ error: { code, message } }`; `x-error-codes` lists every code with its status, default message and the module that declares it.",
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
    transform: jsonSchemaTransform,
  });
}

/** An OpenAPI extension: the kernel's generic codes and every manifest's, as the kernel merged them. */
function errorCodesExtension(errors: Registries["errors"]) {
  return { "x-error-codes": Object.fromEntries([...errors].map(([code, { status, message, module }]) => [code, { status, message, module }])) };
}

export async function registerDocRoutes(app: FastifyInstance): Promise<void> {
  app.get("/doc", { schema: { hide: true }, config: { isPublic: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: "/reference",
    configuration: { url: "/api/doc", title: "Unified Commerce API" },
    logLevel: "warn",
  });
}
