import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { openApiDocument } from "../../openapi/openapi-document.js";
import { sendCacheable } from "../send-json.js";

/** `GET /openapi.json`: the OpenAPI 3.1 description, generated from the zod schemas. */
export function openApiRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/openapi.json", async (request, reply) => {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cached("openapi", () => openApiDocument(index)),
    );
  });
}
