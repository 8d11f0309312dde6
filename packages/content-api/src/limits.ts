/** Limits of the public API (spec: "Limits"). One place, so routes, validation and docs agree. */
export const LIMITS = {
  articles: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10_000, default: 0 } },
  search: { limit: { min: 1, max: 50, default: 10 }, qMinLength: 1 },
  /** Seconds a successful response may be cached. */
  cacheSeconds: 300,
} as const;

/** Semantic version of the API, published as `version` in `GET /api` and `info.version` in OpenAPI. */
export const API_VERSION = "1.0.0";
