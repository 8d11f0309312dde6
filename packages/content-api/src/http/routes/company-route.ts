import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { sendCacheable } from "../send-json.js";

/** `GET /api/company`: the company profile. */
export function companyRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/api/company", async (request, reply) => {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cached("company", () => index.company),
    );
  });
}
