import { z } from "zod";
import { LIMITS } from "../limits.js";

const { articles, search } = LIMITS;

/** Query of `GET /api/articles`, after parsing (documented in OpenAPI from these schemas). */
export const ArticlesQuerySchema = z.object({
  tag: z.string().optional().describe("only articles carrying this tag; case-insensitive"),
  limit: z.int().min(articles.limit.min).max(articles.limit.max).default(articles.limit.default),
  offset: z.int().min(articles.offset.min).max(articles.offset.max).default(articles.offset.default),
});
export type ArticlesQuery = z.infer<typeof ArticlesQuerySchema>;
/** What a caller may pass: every field optional. */
export type ArticlesQueryInput = z.input<typeof ArticlesQuerySchema>;

/** Query of `GET /api/search`. */
export const SearchQuerySchema = z.object({
  q: z.string().min(search.qMinLength).describe("case-insensitive substring"),
  limit: z.int().min(search.limit.min).max(search.limit.max).default(search.limit.default),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
/** What a caller may pass: `limit` optional. */
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;
