import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ContentProblem } from "../problems.js";
import type { ContentSource } from "../content/content-store.js";
import { ALLOWED_METHODS } from "./cors.js";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every failure leaves as `application/problem+json`: thrown {@link ContentProblem}s keep their code;
 * a method other than GET, HEAD or OPTIONS is `method_not_allowed` (every path here is read-only, so the
 * answer does not depend on whether the path exists); any other unmatched path is `not_found`; anything
 * unexpected is logged and answered as a 500 without internals.
 */
export function registerProblemHandlers(app: FastifyInstance, source: ContentSource): void {
  // Decided in onRequest, before any body parsing, so a write with an odd content type still reads 405.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.is404 && !READ_METHODS.has(request.method)) {
      reply.header("allow", ALLOWED_METHODS);
      done(
        new ContentProblem({
          code: "method_not_allowed",
          detail: `${request.method} is not allowed on ${pathOf(request)}; this service is read-only and accepts ${ALLOWED_METHODS}.`,
        }),
      );
      return;
    }
    done();
  });

  app.setNotFoundHandler(async (request) => {
    throw new ContentProblem({ code: "not_found", detail: `Nothing exists at ${pathOf(request)}.` });
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof ContentProblem) return sendProblem(request, reply, source, error);
    const status =
      typeof error === "object" && error !== null && "statusCode" in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed URL, oversized header): report them as a bad request.
      const detail = error instanceof Error ? error.message : "The request could not be read.";
      return sendProblem(request, reply, source, new ContentProblem({ code: "invalid_request", detail }));
    }
    request.log.error({ err: error }, "unexpected error");
    const internal = new ContentProblem({
      code: "internal_error",
      detail: "The server failed to answer this request.",
    });
    return sendProblem(request, reply, source, internal);
  });
}

/** Answers `problem` as `application/problem+json`, never cached. */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  source: ContentSource,
  problem: ContentProblem,
): FastifyReply {
  const body = problem.toProblem({ baseUrl: source.current().baseUrl, instance: pathOf(request) });
  return reply
    .code(problem.status)
    .header("content-type", "application/problem+json")
    .header("cache-control", "no-store")
    .send(JSON.stringify(body));
}

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf("?");
  return q === -1 ? request.url : request.url.slice(0, q);
}
