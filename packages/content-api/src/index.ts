export { contentApi, type ContentApiOptions } from "./http/content-api-plugin.js";
export { contentFrameworkErrors } from "./http/framework-errors.js";
export { contentSite, type ContentSiteOptions } from "./site/content-site-plugin.js";
export {
  createContentStore,
  type ContentSource,
  type ContentStore,
  type ContentStoreOptions,
} from "./content/content-store.js";
export { loadContent, type ArticleRecord, type LoadedContent } from "./content/load-content.js";
export { ContentError } from "./content/content-error.js";
export {
  buildContentIndex,
  type ContentIndex,
  type IndexedArticle,
  type PublicUrls,
} from "./content/build-content-index.js";
export { listArticles } from "./content/list-articles.js";
export { getArticle } from "./content/get-article.js";
export { searchArticles } from "./content/search-articles.js";
export { parseQuery } from "./content/parse-query.js";
export { ContentProblem, PROBLEM_TYPES } from "./problems.js";
export { openApiDocument } from "./openapi/openapi-document.js";
export { prefersMarkdown } from "./site/negotiate.js";
export { API_VERSION, LIMITS } from "./limits.js";
export * from "./schemas/api-index.js";
export * from "./schemas/article.js";
export * from "./schemas/company-profile.js";
export * from "./schemas/pricing.js";
export * from "./schemas/problem.js";
export * from "./schemas/queries.js";
export * from "./schemas/service-list.js";
