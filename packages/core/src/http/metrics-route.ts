import type { FastifyInstance } from "fastify";
import type { Kernel } from "../kernel/create-kernel.js";
import { AppError } from "../kernel/app-error.js";
import { errorBody } from "./error-response.js";
import { isOperatorToken } from "./operator-token.js";

const DEFAULT_PATH = "/metrics";

/**
 * Where and how the metrics route is served, or null when it is not: no path, or production without a
 * token (metrics are never public by default where it matters).
 */
export function resolveMetricsRoute(kernel: Kernel): { path: string; token: string | null } | null {
  const config = kernel.config.metrics ?? {};
  if (config.path === false) return null;
  const token = config.token ?? null;
  if (!token && kernel.config.environment === "production") return null;
  return { path: config.path ?? DEFAULT_PATH, token };
}

/** Whether an `Authorization` header carries the metrics token (compared in constant time). */
export function isMetricsAuthorized(authorization: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  return isOperatorToken(authorization?.startsWith("Bearer ") ? authorization.slice(7) : undefined, token);
}

/**
 * Times every answered request by route template and status, and serves the Prometheus exposition at
 * `metrics.path` (see `resolveMetricsRoute`). Registered on the root server, outside `/api`: scrapers
 * are operators' tools, not API clients, so the route is neither rate limited nor in the OpenAPI document.
 */
export function registerMetrics(app: FastifyInstance, kernel: Kernel): void {
  const route = resolveMetricsRoute(kernel);
  if (!route) {
    if (kernel.config.metrics?.path !== false)
      kernel.logger.warn("metrics: no route in production without metrics.token (METRICS_TOKEN)");
    return;
  }
  const { metrics } = kernel.services;
  app.addHook("onResponse", (request, reply, done) => {
    // The template (`/api/products/:id`), so label values stay few; unknown URLs share one label.
    metrics.recordRequest(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get(route.path, { schema: { hide: true } }, async (request, reply) => {
    if (!isMetricsAuthorized(request.headers.authorization, route.token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply
        .status(401)
        .send(
          errorBody(new AppError("UNAUTHORIZED", { message: "The metrics route needs its bearer token" }), request.id),
        );
    }
    const body = await metrics.scrape();
    return reply.type(metrics.contentType).send(body);
  });
}
