import { z } from "zod";
import { openApiRegistry } from "./open-api-registry.js";

/** Slugs and tags share this shape: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** An article as listed: everything but the body. */
export const ArticleSummarySchema = z.object({
  slug: z.string().regex(SLUG_PATTERN).describe("stable identifier"),
  url: z.url().describe("canonical URL of the article"),
  title: z.string().min(1),
  description: z.string().min(1).describe("one-sentence summary"),
  author: z.string().min(1).describe("named individual who wrote it"),
  published: z.iso.date().describe("publication date"),
  updated: z.iso.date().optional().describe("last substantive revision, present only when the article has one"),
  tags: z.array(z.string().min(1)).describe("topic tags; each is usable as the `tag` filter"),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/** Response of `GET /api/articles/{slug}`. */
export const ArticleSchema = ArticleSummarySchema.extend({
  markdown: z.string().describe("the complete article body as markdown"),
});
export type Article = z.infer<typeof ArticleSchema>;

/** Response of `GET /api/articles`. */
export const ArticleListSchema = z.object({
  total: z.int().min(0).describe("articles matching the filter, ignoring paging"),
  count: z.int().min(0).describe("articles in this response"),
  limit: z.int().min(1).describe("page size applied"),
  offset: z.int().min(0).describe("zero-based index of the first article returned"),
  tag: z.string().nullable().optional().describe("the tag filter applied, or null"),
  availableTags: z.array(z.string()).optional().describe("every tag in use across published articles"),
  articles: z.array(ArticleSummarySchema).describe("newest first"),
});
export type ArticleList = z.infer<typeof ArticleListSchema>;

/** One search hit: the article summary plus text around the first match. */
export const SearchResultSchema = ArticleSummarySchema.extend({
  excerpt: z.string().describe("text around the first match"),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Response of `GET /api/search`. */
export const SearchResponseSchema = z.object({
  query: z.string(),
  count: z.int().min(0),
  results: z.array(SearchResultSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

openApiRegistry.add(ArticleSummarySchema, { id: "ArticleSummary" });
openApiRegistry.add(ArticleSchema, { id: "Article" });
openApiRegistry.add(ArticleListSchema, { id: "ArticleList" });
openApiRegistry.add(SearchResultSchema, { id: "SearchResult" });
openApiRegistry.add(SearchResponseSchema, { id: "SearchResponse" });
