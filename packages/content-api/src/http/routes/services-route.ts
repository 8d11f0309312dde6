import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { sendCacheable } from "../send-json.js";

/** `GET /api/services`: the four service lines. */
export function servicesRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/api/services", async (request, reply) => {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cached("services", () => index.services),
    );
  });
}
