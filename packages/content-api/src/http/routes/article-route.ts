import type { FastifyInstance } from "fastify";
import type { ContentSource } from "../../content/content-store.js";
import { getArticle } from "../../content/get-article.js";
import { sendCacheable } from "../send-json.js";

/** `GET /api/articles/{slug}`: one article with its markdown body. */
export function articleRoute(app: FastifyInstance, source: ContentSource): void {
  app.get<{ Params: { slug: string } }>("/api/articles/:slug", async (request, reply) => {
    const index = source.current();
    const article = getArticle(index, request.params.slug);
    return sendCacheable(
      request,
      reply,
      index.cached(`article:${article.slug}`, () => article),
    );
  });
}
