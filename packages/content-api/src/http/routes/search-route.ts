import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { parseQuery } from "../../content/parse-query.js";
import { searchArticles } from "../../content/search-articles.js";
import { SearchQuerySchema } from "../../schemas/queries.js";
import { sendJson } from "../send-json.js";

/** `GET /api/search?q&limit`: case-insensitive substring search with an excerpt per hit. */
export function searchRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/api/search", async (request, reply) => {
    const query = parseQuery(SearchQuerySchema, request.query, ["limit"]);
    return sendJson(request, reply, searchArticles(source.current(), query));
  });
}
