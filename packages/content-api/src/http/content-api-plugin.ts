import fp from "fastify-plugin";
import type { ContentSource } from "../content/content-store.js";
import { registerCors } from "./cors.js";
import { registerProblemHandlers } from "./problem-handlers.js";
import { apiIndexRoute } from "./routes/api-index-route.js";
import { articleRoute } from "./routes/article-route.js";
import { articlesRoute } from "./routes/articles-route.js";
import { companyRoute } from "./routes/company-route.js";
import { openApiRoute } from "./routes/openapi-route.js";
import { pricingRoute } from "./routes/pricing-route.js";
import { searchRoute } from "./routes/search-route.js";
import { servicesRoute } from "./routes/services-route.js";

/** Options of {@link contentApi}. */
export interface ContentApiOptions {
  /** Where the routes read content from (a `ContentStore`, or any object with `current()`). */
  source: ContentSource;
}

/**
 * The read-only JSON API: `/api`, `/api/company`, `/api/services`, `/api/pricing`, `/api/articles`,
 * `/api/articles/{slug}`, `/api/search` and `/openapi.json`, plus the service-wide rules (problem+json
 * errors, 404 and 405 for every path, open CORS). Not encapsulated on purpose: the error, not-found and
 * CORS handling apply to everything the host mounts beside it (site pages, MCP).
 */
export const contentApi = fp<ContentApiOptions>(
  async (app, { source }) => {
    registerCors(app);
    registerProblemHandlers(app, source);
    for (const route of [
      apiIndexRoute,
      companyRoute,
      servicesRoute,
      pricingRoute,
      articlesRoute,
      articleRoute,
      searchRoute,
      openApiRoute,
    ]) {
      route(app, source);
    }
  },
  { name: "@unified-commerce/content-api", fastify: "5.x" },
);
