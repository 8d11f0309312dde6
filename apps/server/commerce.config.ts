import { defineConfig } from "@unified-commerce/core";

/**
 * Configuration of the reference server. Everything comes from the environment so one build runs
 * anywhere: `DATABASE_URL` (unset: embedded PGlite in `DATA_DIR`), `REDIS_URL` (shared rate limits).
 */
export default defineConfig({
  database: {
    ...(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {}),
    dataDir: process.env.DATA_DIR ?? ".data",
  },
  http: {
    rateLimit: {
      max: Number(process.env.RATE_LIMIT_MAX ?? 300),
      windowMs: Number(process.env.RATE_LIMIT_WINDOW_MS ?? 60_000),
      ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    },
    https: process.env.PUBLIC_URL?.startsWith("https://") ?? false,
    trustProxy: process.env.TRUST_PROXY === "true",
  },
  // PostgreSQL full-text search over the catalog (also on the embedded database); SEARCH_ADAPTER=none
  // falls back to scanning the catalog.
  search: process.env.SEARCH_ADAPTER === "none" ? {} : { adapter: "postgres" },
  media: {
    directory: process.env.MEDIA_DIR ?? `${process.env.DATA_DIR ?? ".data"}/media`,
    ...(process.env.MEDIA_SIGNING_SECRET ? { signingSecret: process.env.MEDIA_SIGNING_SECRET } : {}),
  },
  environment: process.env.NODE_ENV === "production" ? "production" : "development",
  plugins: [],
});
