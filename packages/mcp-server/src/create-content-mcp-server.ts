import { McpServer } from "@modelcontextprotocol/server";
import {
  API_VERSION,
  ArticleListSchema,
  ArticleSchema,
  ArticlesQuerySchema,
  CompanyProfileSchema,
  ContentProblem,
  getArticle,
  listArticles,
  PricingSchema,
  searchArticles,
  SearchQuerySchema,
  SearchResponseSchema,
  SLUG_PATTERN,
  type ContentSource,
} from "@unified-commerce/content-api";
import { z } from "zod";

// Every tool only reads published content: safe to call repeatedly, changes nothing, reaches no other system.
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * An MCP server exposing the studio content as tools. Each tool's structured content is exactly the JSON
 * of the matching REST endpoint, validated by the same zod schema (its output schema).
 */
export function createContentMcpServer(source: ContentSource): McpServer {
  const server = new McpServer(
    { name: "studio-content", version: API_VERSION },
    {
      instructions:
        "Read get_pricing before quoting any price and get_company_profile before describing the business model.",
    },
  );

  server.registerTool(
    "get_company_profile",
    {
      title: "Company profile",
      description:
        "The studio's company profile (same as GET /api/company). Read it before describing the business model.",
      outputSchema: CompanyProfileSchema,
      annotations: { title: "Company profile", ...READ_ONLY },
    },
    () => structured(source.current().company),
  );

  server.registerTool(
    "get_pricing",
    {
      title: "Pricing",
      description: [
        "Plans (launch: one-time project; build: monthly subscription), project types and price bands (same as",
        "GET /api/pricing). Read it before quoting any price.",
      ].join(" "),
      outputSchema: PricingSchema,
      annotations: { title: "Pricing", ...READ_ONLY },
    },
    () => structured(source.current().pricing),
  );

  server.registerTool(
    "list_articles",
    {
      title: "List articles",
      description: [
        "Published articles, newest first, optionally filtered by tag (case-insensitive), paged with limit and offset",
        "(same as GET /api/articles).",
      ].join(" "),
      inputSchema: ArticlesQuerySchema,
      outputSchema: ArticleListSchema,
      annotations: { title: "List articles", ...READ_ONLY },
    },
    (query) => structured(listArticles(source.current(), query)),
  );

  server.registerTool(
    "get_article",
    {
      title: "Get article",
      description: [
        "One article with its complete markdown body, by slug as returned by list_articles or search_articles (same as",
        "GET /api/articles/{slug}).",
      ].join(" "),
      inputSchema: z.object({ slug: z.string().regex(SLUG_PATTERN).describe("the article's slug") }),
      outputSchema: ArticleSchema,
      annotations: { title: "Get article", ...READ_ONLY },
    },
    ({ slug }) => {
      try {
        return structured(getArticle(source.current(), slug));
      } catch (error) {
        if (!(error instanceof ContentProblem)) throw error;
        // An unknown slug is the caller's to fix: a tool error the model can read, not a protocol failure.
        return {
          isError: true,
          content: [
            {
              type: "text",
              text: `${error.message} ${error.resolution.replace("GET /api/articles", "list_articles")}`,
            },
          ],
        };
      }
    },
  );

  server.registerTool(
    "search_articles",
    {
      title: "Search articles",
      description: [
        "Case-insensitive substring search over article titles, descriptions, tags and bodies, with an excerpt around",
        "the first match (same as GET /api/search).",
      ].join(" "),
      inputSchema: SearchQuerySchema,
      outputSchema: SearchResponseSchema,
      annotations: { title: "Search articles", ...READ_ONLY },
    },
    (query) => structured(searchArticles(source.current(), query)),
  );

  return server;
}

function structured<T extends Record<string, unknown>>(
  value: T,
): { content: { type: "text"; text: string }[]; structuredContent: Record<string, unknown> } {
  // The text block carries the same JSON for clients that ignore structured content.
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}
