import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CorsConfig } from "../kernel/config.js";

/** What a browser app may send: the credentials, the body's type, idempotency and the shopper's language. */
const ALLOWED_HEADERS = [
  "authorization",
  "content-type",
  "x-api-key",
  "x-cart-token",
  "idempotency-key",
  "accept-language",
].join(", ");

/** What a browser app may read besides the simple headers: the request id to quote, and the waits. */
const EXPOSED_HEADERS = [
  "x-request-id",
  "retry-after",
  "idempotent-replayed",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
].join(", ");

const METHODS = "GET, POST, PUT, PATCH, DELETE";

/** The origin of `value` when it is exactly one (`https://admin.shop.example`), else null. */
function exactOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

export interface CorsPolicy {
  /** Adds the CORS answer headers when the request comes from an allowed origin; others get none. */
  decorate(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * Cross-origin access for the listed origins only, with credentials (a session cookie sent with
 * `credentials: "include"`; mutations by cookie still need the origin in `auth.trustedOrigins`). Any other
 * origin gets no CORS headers, so its browser keeps the answers from its scripts. A bad origin fails boot.
 */
export function corsPolicy(config: CorsConfig): CorsPolicy {
  const origins = new Set<string>();
  for (const origin of config.origins) {
    if (exactOrigin(origin) === null)
      throw new Error(`http.cors.origins: "${origin}" is not an origin (scheme://host[:port], no path)`);
    origins.add(origin);
  }
  return {
    decorate(request, reply) {
      const origin = request.headers.origin;
      // Answers differ by Origin, so caches must key on it, allowed or not.
      reply.header("vary", "origin");
      if (origin === undefined || !origins.has(origin)) return;
      reply.header("access-control-allow-origin", origin);
      reply.header("access-control-allow-credentials", "true");
      reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    },
  };
}

/**
 * The preflight (`OPTIONS` with `Access-Control-Request-Method`) of every API path: 204, with the methods
 * and headers allowed when the origin is (the front hook has added the origin's headers by then).
 */
export function registerPreflightRoute(app: FastifyInstance, config: CorsConfig): void {
  const maxAge = String(config.maxAgeSeconds ?? 600);
  app.options("/*", { config: { isPublic: true }, schema: { hide: true } }, async (_request, reply) => {
    if (reply.hasHeader("access-control-allow-origin")) {
      reply.header("access-control-allow-methods", METHODS);
      reply.header("access-control-allow-headers", ALLOWED_HEADERS);
      reply.header("access-control-max-age", maxAge);
    }
    return reply.status(204).send();
  });
}
