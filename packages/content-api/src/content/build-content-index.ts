import { API_VERSION } from "../limits.js";
import { MCP_ENDPOINT, REST_ENDPOINTS } from "../endpoints.js";
import type { ApiIndex } from "../schemas/api-index.js";
import type { Article, ArticleSummary } from "../schemas/article.js";
import type { CompanyProfile } from "../schemas/company-profile.js";
import type { Pricing } from "../schemas/pricing.js";
import type { ServiceList } from "../schemas/service-list.js";
import { jsonResponse, textResponse, type JsonResponse } from "./json-response.js";
import type { ArticleRecord, LoadedContent } from "./load-content.js";
import { pricingMarkdown } from "./pricing-markdown.js";
import { profileMarkdown } from "./profile-markdown.js";
import { searchText, type SearchField } from "./search-text.js";
import { buildTrigramIndex, type TrigramIndex } from "./trigram-index.js";

/** Where the content is published; every absolute URL in a response is built from these. */
export interface PublicUrls {
  /** `{base_url}` of the spec, without a trailing slash, e.g. `https://studio.example`. */
  baseUrl: string;
  /** URL of the MCP endpoint when the host mounts one; listed in `GET /api` and the company links. */
  mcpUrl?: string | undefined;
}

/** A published article with what the index precomputes for it. */
export interface IndexedArticle {
  summary: ArticleSummary;
  article: Article;
  /** Lower-cased title, description, tags and body, in the order matches are looked for. */
  searchFields: readonly SearchField[];
}

/** Everything the API, the site and the MCP tools serve, built once per content load. */
export interface ContentIndex {
  readonly baseUrl: string;
  readonly apiIndex: ApiIndex;
  readonly company: CompanyProfile;
  readonly services: ServiceList;
  readonly pricing: Pricing;
  /** Prose of the services page. */
  readonly servicesProse: string;
  /** Published articles, newest first, ties by slug (so paging is stable). */
  readonly articles: readonly IndexedArticle[];
  readonly bySlug: ReadonlyMap<string, IndexedArticle>;
  /** Every tag in use, deduplicated case-insensitively, sorted. */
  readonly tags: readonly string[];
  /** Articles per lower-cased tag, newest first. */
  readonly byTag: ReadonlyMap<string, readonly IndexedArticle[]>;
  /** Narrows a search to the articles that can contain the query. */
  readonly trigrams: TrigramIndex;
  /**
   * A response serialized once per index and reused (bounded, so unusual paging cannot grow it without
   * limit). The key names the response, e.g. `article:my-slug`.
   */
  cached(key: string, build: () => unknown): JsonResponse;
  /** Like {@link ContentIndex.cached} for a body that is already text (pages, feeds). */
  cachedText(key: string, build: () => string): JsonResponse;
}

const MAX_CACHED_RESPONSES = 5_000;

/** Builds the in-memory index from loaded content. Pure: the same content gives the same index. */
export function buildContentIndex(content: LoadedContent, urls: PublicUrls): ContentIndex {
  const baseUrl = urls.baseUrl.replace(/\/+$/, "");
  const pricingMarkdownUrl = `${baseUrl}/pricing.md`;
  const articles = content.articles.map((record) => indexArticle(record, baseUrl)).sort(newestFirst);
  const bySlug = new Map(articles.map((a) => [a.summary.slug, a]));
  const { tags, byTag } = indexTags(articles);

  const links: Record<string, string> = {
    api: `${baseUrl}/api`,
    openapi: `${baseUrl}/openapi.json`,
    ...(urls.mcpUrl ? { mcp: urls.mcpUrl } : {}),
    llmsTxt: `${baseUrl}/llms.txt`,
    pricingMarkdown: pricingMarkdownUrl,
    profileMarkdown: `${baseUrl}/about.md`,
    developers: `${baseUrl}/developers`,
    sitemap: `${baseUrl}/sitemap.xml`,
    jsonFeed: `${baseUrl}/feed.json`,
    rssFeed: `${baseUrl}/feed.xml`,
    ...content.company.links,
  };
  const companyBase = { ...content.company, url: content.company.url ?? baseUrl, links };
  const company: CompanyProfile = {
    ...companyBase,
    profileMarkdown: profileMarkdown({
      company: companyBase,
      services: content.services.services,
      prose: content.companyMarkdown,
      pricingMarkdownUrl,
    }),
  };
  const pricing: Pricing = {
    ...content.pricing,
    pricingMarkdownUrl,
    pricingMarkdown: pricingMarkdown({
      pricing: content.pricing,
      prose: content.pricingMarkdown,
      studioName: company.name,
    }),
  };
  const apiIndex: ApiIndex = {
    name: `${company.name} content API`,
    version: API_VERSION,
    openapi: `${baseUrl}/openapi.json`,
    ...(urls.mcpUrl ? { mcp: urls.mcpUrl } : {}),
    documentation: `${baseUrl}/developers`,
    endpoints: [...REST_ENDPOINTS, ...(urls.mcpUrl ? [MCP_ENDPOINT] : [])],
  };

  const responses = new Map<string, JsonResponse>();
  const remember = (key: string, build: () => JsonResponse): JsonResponse => {
    let response = responses.get(key);
    if (response === undefined) {
      if (responses.size >= MAX_CACHED_RESPONSES) responses.clear();
      response = build();
      responses.set(key, response);
    }
    return response;
  };
  return {
    baseUrl,
    apiIndex,
    company,
    services: { count: content.services.services.length, services: content.services.services },
    pricing,
    servicesProse: content.servicesMarkdown,
    articles,
    bySlug,
    tags,
    byTag,
    trigrams: buildTrigramIndex(articles.map((a) => a.searchFields)),
    cached: (key, build) => remember(key, () => jsonResponse(build())),
    cachedText: (key, build) => remember(key, () => textResponse(build())),
  };
}

function indexArticle(record: ArticleRecord, baseUrl: string): IndexedArticle {
  const summary: ArticleSummary = {
    slug: record.slug,
    url: `${baseUrl}/articles/${record.slug}`,
    title: record.title,
    description: record.description,
    author: record.author,
    published: record.published,
    ...(record.updated ? { updated: record.updated } : {}),
    tags: record.tags,
  };
  return {
    summary,
    article: { ...summary, markdown: record.markdown },
    searchFields: [
      searchText(record.title),
      searchText(record.description),
      searchText(record.tags.join(" ")),
      searchText(record.markdown),
    ],
  };
}

function newestFirst(a: IndexedArticle, b: IndexedArticle): number {
  if (a.summary.published !== b.summary.published) return a.summary.published < b.summary.published ? 1 : -1;
  return a.summary.slug < b.summary.slug ? -1 : a.summary.slug > b.summary.slug ? 1 : 0;
}

function indexTags(articles: readonly IndexedArticle[]): {
  tags: string[];
  byTag: Map<string, IndexedArticle[]>;
} {
  const display = new Map<string, string>();
  const byTag = new Map<string, IndexedArticle[]>();
  for (const article of articles) {
    for (const tag of new Set(article.summary.tags.map((t) => t.toLowerCase()))) {
      if (!display.has(tag)) display.set(tag, article.summary.tags.find((t) => t.toLowerCase() === tag) ?? tag);
      const list = byTag.get(tag) ?? [];
      list.push(article);
      byTag.set(tag, list);
    }
  }
  const tags = [...display.values()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return { tags, byTag };
}
