import { ContentProblem } from "../problems.js";
import type { Article } from "../schemas/article.js";
import type { ContentIndex } from "./build-content-index.js";

/** One published article; an unknown slug is a `not_found` problem naming the available slugs. */
export function getArticle(index: ContentIndex, slug: string): Article {
  const found = index.bySlug.get(slug);
  if (found) return found.article;
  const slugs = index.articles.map((a) => a.summary.slug);
  throw new ContentProblem({
    code: "not_found",
    detail: `No published article has the slug "${slug}". Available slugs: ${slugs.join(", ") || "(none)"}.`,
    resolution: "Call GET /api/articles to list the published articles and their slugs, then request one of them.",
    availableSlugs: slugs,
  });
}
