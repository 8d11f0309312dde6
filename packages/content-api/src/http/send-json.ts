import type { FastifyReply, FastifyRequest } from "fastify";
import { LIMITS } from "../limits.js";
import { textResponse, type JsonResponse } from "../content/json-response.js";

/** `Cache-Control` of every successful response: public data, cacheable for five minutes. */
export const CACHE_CONTROL = `public, max-age=${LIMITS.cacheSeconds}`;

/**
 * Sends a successful body with `Cache-Control` and a strong `ETag`, answering `304 Not Modified` when the
 * request's `If-None-Match` already holds that tag.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  response: JsonResponse,
  contentType = "application/json; charset=utf-8",
): FastifyReply {
  reply.header("cache-control", CACHE_CONTROL).header("etag", response.etag);
  if (matchesEtag(request.headers["if-none-match"], response.etag)) return reply.code(304).send();
  return reply.header("content-type", contentType).send(response.body);
}

/** Sends a body computed per request (search results): same headers, tag derived from the bytes. */
export function sendJson(request: FastifyRequest, reply: FastifyReply, value: unknown): FastifyReply {
  return sendCacheable(request, reply, textResponse(JSON.stringify(value)));
}

/** Weak comparison (RFC 9110 §13.1.2), as `If-None-Match` requires; `*` matches any current representation. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
