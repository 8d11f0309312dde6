import type { SearchResponse, SearchResult } from "../schemas/article.js";
import type { SearchQuery } from "../schemas/queries.js";
import type { ContentIndex } from "./build-content-index.js";
import type { SearchField } from "./search-text.js";

const EXCERPT_BEFORE = 60;
const EXCERPT_AFTER = 140;

/**
 * Case-insensitive substring search over titles, descriptions, tags and bodies, newest first. The trigram
 * index narrows the articles to check; short queries check every article but stop at `limit` hits.
 * Whitespace runs count as one space, as in the searched text.
 */
export function searchArticles(index: ContentIndex, query: SearchQuery): SearchResponse {
  const needle = query.q.toLowerCase().replace(/\s+/g, " ");
  const results: SearchResult[] = [];
  const candidates = index.trigrams.candidates(needle);
  const articles = candidates === null ? index.articles : candidates.map((position) => index.articles[position]);
  for (const article of articles) {
    if (results.length >= query.limit) break;
    if (article === undefined) continue;
    for (const field of article.searchFields) {
      const at = field.lower.indexOf(needle);
      if (at !== -1) {
        results.push({ ...article.summary, excerpt: excerpt(field, at, needle.length) });
        break;
      }
    }
  }
  return { query: query.q, count: results.length, results };
}

/** Text around a match, cut at word boundaries, with an ellipsis where it was cut. */
export function excerpt(field: SearchField, at: number, length: number): string {
  let start = Math.max(0, at - EXCERPT_BEFORE);
  let end = Math.min(field.text.length, at + length + EXCERPT_AFTER);
  if (start > 0) {
    const space = field.text.indexOf(" ", start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < field.text.length) {
    const space = field.text.lastIndexOf(" ", end);
    if (space > at + length) end = space;
  }
  return `${start > 0 ? "…" : ""}${field.text.slice(start, end)}${end < field.text.length ? "…" : ""}`;
}
