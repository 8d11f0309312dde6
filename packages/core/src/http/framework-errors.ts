import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./send-error.js";

/**
 * Fastify's `frameworkErrors` server option, answering in the API's envelope what the router refuses
 * before any route, hook or error handler runs: a URL whose percent-encoding does not decode (400
 * BAD_REQUEST) and a path parameter longer than `maxParamLength` (404 NOT_FOUND: no identifier is that
 * long). `createCommerceServer` sets it; a host app that mounts `commerceApi` itself passes it to
 * `Fastify({ frameworkErrors: commerceFrameworkErrors, clientErrorHandler: commerceClientErrorHandler })`,
 * and its own routes then answer these cases in the same envelope (both options are server-wide).
 */
export function commerceFrameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler` server option: a request Node's HTTP parser cannot read (bytes past the
 * declared `content-length`, a malformed request line, headers over the size limit, a read timeout) never
 * becomes a Fastify request, so it is answered here on the socket, in the envelope, and the connection is
 * closed. The status keeps the HTTP reason (400, 408 or 431); the code is `BAD_REQUEST` for all three.
 */
export function commerceClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "The request was not received in time"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "The request headers are larger than the server accepts"]
        : [400, "The request is not valid HTTP"];
  const body = JSON.stringify({ error: { code: "BAD_REQUEST", message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
