import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export interface OpenApiOptions {
  version: string;
  title?: string;
}

/**
 * Collects every route registered after it into an OpenAPI 3.0 document served at `GET /api/doc`, and
 * serves the interactive explorer at `GET /api/reference`. Registered inside the commerce context, so a
 * host app's own routes stay out of it.
 */
export async function registerOpenApi(app: FastifyInstance, { version, title = "Unified Commerce API" }: OpenApiOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title, version, description: "Headless, multi-tenant commerce API. Errors answer `{ error: { code, message } }`." },
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

export async function registerDocRoutes(app: FastifyInstance): Promise<void> {
  app.get("/doc", { schema: { hide: true }, config: { isPublic: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: "/reference",
    configuration: { url: "/api/doc", title: "Unified Commerce API" },
    logLevel: "warn",
  });
}
