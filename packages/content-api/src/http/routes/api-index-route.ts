import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { sendCacheable } from "../send-json.js";

/** `GET /api`: the index of every endpoint. */
export function apiIndexRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/api", async (request, reply) => {
    const index = source.current();
    return sendCacheable(
      request,
      reply,
      index.cached("api", () => index.apiIndex),
    );
  });
}
