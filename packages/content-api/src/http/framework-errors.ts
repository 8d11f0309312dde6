import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ContentSource } from "../content/content-store.js";
import { ContentProblem } from "../problems.js";
import { sendProblem } from "./problem-handlers.js";

/**
 * Fastify's `frameworkErrors` server option for a host of the content API: what the router refuses before
 * any route or hook runs answers as a problem document like every other error. A URL whose
 * percent-encoding does not decode to UTF-8 (`%ff`, `%c0%ae`) is `invalid_request` (400); a path segment
 * past `maxParamLength` (100 characters) is `not_found` (404), since no slug is that long. Pass it when
 * creating the server: `Fastify({ frameworkErrors: contentFrameworkErrors(store) })`.
 */
export function contentFrameworkErrors(source: ContentSource) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // These answers skip every hook, the CORS one included.
    reply.header("access-control-allow-origin", "*");
    const problem =
      error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? new ContentProblem({ code: "not_found", detail: "Nothing exists at this path: no identifier is that long." })
        : new ContentProblem({
            code: "invalid_request",
            detail: "The URL is malformed: a percent-encoded sequence does not decode to UTF-8.",
            resolution: "Percent-encode the path as UTF-8; GET /api lists every endpoint.",
          });
    sendProblem(request, reply, source, problem);
  };
}
