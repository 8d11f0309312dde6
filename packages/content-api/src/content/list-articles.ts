import type { ArticleList, ArticleSummary } from "../schemas/article.js";
import type { ArticlesQuery } from "../schemas/queries.js";
import type { ContentIndex } from "./build-content-index.js";

/** A page of published articles, newest first, optionally filtered by tag (case-insensitive). */
export function listArticles(index: ContentIndex, query: ArticlesQuery): ArticleList {
  const tagKey = query.tag === undefined || query.tag === "" ? null : query.tag.toLowerCase();
  const matching = tagKey === null ? index.articles : (index.byTag.get(tagKey) ?? []);
  const page: ArticleSummary[] = matching.slice(query.offset, query.offset + query.limit).map((a) => a.summary);
  const canonicalTag =
    tagKey === null ? null : (index.tags.find((t) => t.toLowerCase() === tagKey) ?? query.tag ?? null);
  return {
    total: matching.length,
    count: page.length,
    limit: query.limit,
    offset: query.offset,
    tag: canonicalTag,
    availableTags: [...index.tags],
    articles: page,
  };
}
