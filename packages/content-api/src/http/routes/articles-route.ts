import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { listArticles } from "../../content/list-articles.js";
import { parseQuery } from "../../content/parse-query.js";
import { ArticlesQuerySchema } from "../../schemas/queries.js";
import { sendCacheable } from "../send-json.js";

/** `GET /api/articles?tag&limit&offset`: a page of articles, newest first; pages are serialized once. */
export function articlesRoute(app: FastifyInstance, source: ContentSource): void {
  app.get("/api/articles", async (request, reply) => {
    const query = parseQuery(ArticlesQuerySchema, request.query, ["limit", "offset"]);
    const index = source.current();
    const key = `articles:${query.tag?.toLowerCase() ?? ""}:${query.limit}:${query.offset}`;
    return sendCacheable(
      request,
      reply,
      index.cached(key, () => listArticles(index, query)),
    );
  });
}
