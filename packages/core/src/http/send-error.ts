import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../kernel/app-error.js";
import { errorBody, internalErrorBody, toAppError } from "./error-response.js";

/**
 * Answers any error in the API's envelope, `{ error: { code, message } }` with `x-request-id`: the commerce
 * context's error handler, and the server's `frameworkErrors` for what the router refuses before a route
 * exists. Faults (5xx) are logged and answered without internals.
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  reply.header("x-request-id", request.id);
  const retryAfter = appError?.details?.retryAfterSeconds;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  if (!appError || appError.status >= 500) {
    request.log.error({ err: error, path: request.url, method: request.method }, "request failed");
  }
  const format = request.routeOptions.config?.errorAnswer;
  if (format) {
    const isFault = !appError || (appError.status >= 500 && appError.code === "INTERNAL_ERROR");
    const answer = format(
      isFault ? new AppError("INTERNAL_ERROR", { message: `Internal server error (request ${request.id})` }) : appError,
      request,
    );
    return reply
      .status(answer.status)
      .headers(answer.headers ?? {})
      .send(answer.body);
  }
  if (!appError) return reply.status(500).send(internalErrorBody(request.id));
  if (appError.status >= 500 && appError.code === "INTERNAL_ERROR") {
    return reply.status(500).send(internalErrorBody(request.id));
  }
  return reply.status(appError.status).send(errorBody(appError, request.id));
}
