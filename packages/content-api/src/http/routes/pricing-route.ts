import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { sendCacheable } from "../send-json.js";

/** `GET /api/pricing`: plans, project types and price bands. */
export function pricingRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/api/pricing", async (request, reply) => {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cached("pricing", () => index.pricing),
    );
  });
}
