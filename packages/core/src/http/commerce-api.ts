import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import "./request-state.js";
import type { Actor } from "../kernel/actor.js";
import { AppError } from "../kernel/app-error.js";
import type { RouteAuthContext } from "../kernel/contexts.js";
import type { Kernel } from "../kernel/create-kernel.js";
import type { RequestGuard } from "../kernel/authenticator.js";
import { corsPolicy, registerPreflightRoute } from "./cors.js";
import { errorBody } from "./error-response.js";
import { createIdempotencyLayer, type IdempotencyLayer, type RouteRun } from "./idempotency/idempotent-route.js";
import { createIdempotencyStore } from "./idempotency/idempotency-store.js";
import { JsonText } from "./json-text.js";
import { parseJsonBody } from "./parse-json-body.js";
import { keepRawBody, keepRawJsonBody } from "./raw-body.js";
import { responseSerializerCompiler } from "./response-serializer.js";
import { registerHealthRoute } from "./health-route.js";
import { registerDocRoutes, registerOpenApi } from "./openapi.js";
import { createMemoryRateLimitStore } from "./rate-limit/memory-rate-limit-store.js";
import { createRedisRateLimitStore } from "./rate-limit/redis-rate-limit-store.js";
import { rateLimitHook } from "./rate-limit/rate-limit-hook.js";
import type { RouteRegistration } from "./route-registration.js";
import { routeGuard } from "./route-guard.js";
import { sendError } from "./send-error.js";
import { validatorCompiler } from "./validator-compiler.js";

export interface CommerceApiOptions {
  kernel: Kernel;
  /**
   * Resolves a request's actor: null for anonymous, a throw when the check could not run (answered 500,
   * never downgraded to anonymous). @default the kernel's authenticator; without one, anonymous.
   */
  resolveActor?: (request: FastifyRequest) => Promise<Actor | null>;
  /** Checks run after the kernel authenticator's own guards. */
  guards?: readonly RequestGuard[];
  /** Auth capabilities handed to module route factories. */
  auth?: RouteAuthContext;
}

const DEFAULT_BODY_LIMIT = 1_048_576;

/** Content types that multipart routes may also receive as a raw stream (bulk imports: CSV and NDJSON). */
const STREAMED_UPLOAD_TYPES = [
  "text/csv",
  "application/csv",
  "application/x-ndjson",
  "application/ndjson",
  "application/jsonl",
  "application/x-jsonlines",
];

/**
 * The commerce API as an encapsulated Fastify plugin. Register it with `{ prefix: "/api" }` in any Fastify
 * app; `createCommerceServer` does exactly that for the reference server.
 */
export async function commerceApi(app: FastifyInstance, options: CommerceApiOptions): Promise<void> {
  const { kernel } = options;
  const resolveActor = options.resolveActor ?? kernel.authenticator?.resolveActor;
  const guards = [...(kernel.authenticator?.guards ?? []), ...(options.guards ?? [])];
  const bodyLimit = kernel.config.http?.bodyLimit ?? DEFAULT_BODY_LIMIT;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorateRequest("actor", null);
  app.decorateRequest("organizationId", "");
  app.decorateRequest("bodyDigest", null);
  app.decorateRequest("idempotencyClaim", null);
  const idempotency = createIdempotencyLayer(
    createIdempotencyStore(kernel.database.db, kernel.secrets),
    kernel.secrets,
  );

  const rateLimit = kernel.config.http?.rateLimit;
  const limiter =
    rateLimit === false
      ? undefined
      : rateLimitHook({
          store: rateLimit?.redisUrl ? createRedisRateLimitStore(rateLimit.redisUrl) : createMemoryRateLimitStore(),
          max: rateLimit?.max ?? 300,
          windowMs: rateLimit?.windowMs ?? 60_000,
        });
  if (limiter) app.addHook("onClose", () => limiter.close());
  const corsConfig = kernel.config.http?.cors;
  const cors = corsConfig ? corsPolicy(corsConfig) : undefined;

  /**
   * The front of the pipeline for one route (or the 404 handler): request id, CORS, rate limit, actor, the
   * authenticator's guards, then the route's own checks, before the body is even parsed. One hook, and
   * no `await` on what answered synchronously: each async hop costs a measurable share of a fast
   * route's throughput (bench/results/kernel.md).
   */
  const front = (routeConfig: FastifyContextConfig | undefined) => {
    const isPublic = routeConfig?.isPublic === true;
    const routeGuard = routeConfig?.routeGuard;
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.header("x-request-id", request.id);
      // Before anything can refuse: a browser shows its app a 401 or 429 only with the CORS headers on it.
      if (cors) cors.decorate(request, reply);
      if (limiter) {
        const counting = limiter.check(request, reply);
        if (counting) await counting;
      }
      if (isPublic) return;
      if (resolveActor) {
        try {
          request.actor = await resolveActor(request);
        } catch (error) {
          throw actorCheckFailed(request, error);
        }
      }
      for (const guard of guards) {
        const checking = guard(request, request.actor);
        if (checking) await checking;
      }
      if (routeGuard) {
        const checking = routeGuard(request);
        if (checking) await checking;
      }
    };
  };
  // Attached to each route as it is registered (this context and its children, documentation included)
  // rather than as one context-wide hook: the route's config is then known without reading
  // `request.routeOptions`, which builds a fresh object on every access.
  app.addHook("onRoute", (route) => {
    const existing =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [front(route.config), ...existing];
  });
  const notFoundFront = front(undefined);

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    // Unknown routes are counted and authenticated like the others (a rejected bearer token is 401).
    await notFoundFront(request, reply);
    const notFound = new AppError("NOT_FOUND", {
      message: `Route ${request.method} ${request.url.split("?")[0]} not found`,
    });
    return reply.status(404).send(errorBody(notFound, request.id));
  });

  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseJsonBody);

  await registerOpenApi(app, { version: kernel.version, errors: kernel.registries.errors });
  registerHealthRoute(app, kernel);
  if (corsConfig) registerPreflightRoute(app, corsConfig);
  await registerDocRoutes(app);

  const routes = kernel.routes(options.auth);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const route of routes) {
    if (!route.isMultipart && !route.isRawBody) registerRoute(typed, route, kernel, bodyLimit, idempotency);
  }
  // Multipart bodies (media uploads) are read by the routes that declare `.multipart()`, with their own
  // size limit. @fastify/multipart adds two async hooks and a listener to every request of its context,
  // so it gets a context of its own holding only those routes.
  // Elsewhere a multipart body is accepted unread, as it was when the plugin covered every route: the
  // route then answers its usual validation error rather than a new 415.
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser("multipart/form-data");
    await uploads.register(multipart);
    // Bulk imports (`POST /catalog/import`) also take their file as a streamed body: left unread here, the
    // route reads it line by line as it arrives, so a large catalog is never held in memory or bound by bodyLimit.
    uploads.addContentTypeParser(STREAMED_UPLOAD_TYPES, (_request, _payload, done) => done(null));
    const typedUploads = uploads.withTypeProvider<ZodTypeProvider>();
    for (const route of routes) {
      if (route.isMultipart) registerRoute(typedUploads, route, kernel, bodyLimit, idempotency);
    }
  });
  // Routes that verify a signature over the exact bytes (payment webhooks) get them as a Buffer, whatever
  // the content type, in a context of their own so no other route's parsing changes. A JSON body still
  // meets the input rules of every JSON body first (400 malformed, 422 unsafe).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, keepRawJsonBody);
    raw.addContentTypeParser("*", { parseAs: "buffer" }, keepRawBody);
    const typedRaw = raw.withTypeProvider<ZodTypeProvider>();
    for (const route of routes) {
      if (route.isRawBody) registerRoute(typedRaw, route, kernel, bodyLimit, idempotency);
    }
  });
}

/** A check that could not run is a fault: answering as anonymous would hide an outage or an attack. */
function actorCheckFailed(request: FastifyRequest, error: unknown): AppError {
  request.log.error(
    { err: error, stage: "resolveActor", path: request.url, method: request.method },
    "authentication check failed",
  );
  return new AppError("INTERNAL_ERROR", {
    message: `Authentication check failed (request ${request.id})`,
    cause: error,
  });
}

/**
 * The OpenAPI description of a non-JSON answer (`.produces()`: a PDF, an HTML page, a file). Handlers
 * send a Buffer or a string with their own content type, which Fastify passes through unserialized.
 */
function fileAnswer(status: number, contentType: string) {
  const body = contentType.startsWith("text/") ? z.string() : z.string().meta({ format: "binary" });
  return { produces: [contentType], response: { [status]: body } };
}

function registerRoute(
  app: FastifyInstance,
  route: RouteRegistration,
  kernel: Kernel,
  bodyLimit: number,
  idempotency: IdempotencyLayer,
): void {
  const { body, query, params, data, meta } = route.schemas;
  const envelope = data
    ? route.isUnwrapped
      ? data
      : z.object({ data, meta: meta ?? z.record(z.string(), z.unknown()).optional() })
    : undefined;
  const permissionNote = route.permissions.length > 0 ? `Requires: ${route.permissions.join(", ")}` : undefined;
  const description = [route.description, permissionNote].filter(Boolean).join("\n\n");
  // Not `async`: the handler's own promise is continued, one async hop fewer per request.
  const run = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    route
      .handler({
        input: request.body,
        query: request.query,
        params: request.params,
        actor: request.actor,
        organizationId: request.organizationId,
        services: kernel.services,
        db: kernel.database.db,
        request,
        reply,
      })
      .then((result) => {
        if (reply.sent) return reply;
        reply.status(route.status);
        // Already JSON (the envelope included): sent as it is, past the serializer.
        if (result instanceof JsonText) return reply.type("application/json; charset=utf-8").send(result.text);
        return reply.send(route.isUnwrapped ? (result?.data ?? null) : (result ?? { data: null }));
      });
  // Every POST of the builder honours `Idempotency-Key` (POST creates and acts); like Stripe, other
  // methods ignore the header. A multipart upload refuses it: its streamed body cannot be compared.
  const isPost = route.method === "POST";
  const isIdempotent = isPost && route.isMultipart !== true;
  app.route({
    method: route.method,
    url: route.path,
    bodyLimit,
    schema: {
      tags: [route.tag],
      summary: route.summary,
      ...(description ? { description } : {}),
      ...(body ? { body } : {}),
      ...(query ? { querystring: query } : {}),
      ...(params ? { params } : {}),
      ...(envelope
        ? { response: { [route.status]: envelope } }
        : route.produces
          ? fileAnswer(route.status, route.produces)
          : {}),
      ...(route.isAuthRequired
        ? {
            security: route.isSessionRequired
              ? [{ session: [] }, { bearer: [] }]
              : [{ session: [] }, { bearer: [] }, { apiKey: [] }],
          }
        : {}),
    },
    config: {
      routeGuard: routeGuard(route, kernel),
      ...(isIdempotent ? { isIdempotent } : {}),
      ...(route.headers ? { documentedHeaders: route.headers } : {}),
      ...(route.errorAnswer ? { errorAnswer: route.errorAnswer } : {}),
      ...(route.isMultipart ? { multipartFields: route.multipartFields ?? {} } : {}),
    },
    ...(isIdempotent ? { onSend: idempotency.onSend } : {}),
    handler: withPrecondition(
      route.precondition,
      isPost ? idempotency.guard(run, { isMultipart: route.isMultipart === true }) : run,
    ),
  });
}

/** The route's `.precondition()` in front of its handler (and of the `Idempotency-Key` claim). */
function withPrecondition(precondition: RouteRegistration["precondition"], run: RouteRun): RouteRun {
  if (!precondition) return run;
  return (request, reply) => {
    try {
      precondition(request, reply);
    } catch (error) {
      return Promise.reject(error);
    }
    return run(request, reply);
  };
}
