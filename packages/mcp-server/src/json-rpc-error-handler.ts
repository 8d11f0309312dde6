import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** JSON-RPC 2.0 error codes answered by the endpoint itself (the MCP server answers the others). */
const PARSE_ERROR = -32700;
const SERVER_ERROR = -32000;
const INTERNAL_ERROR = -32603;

const BODY_PARSE_ERRORS: ReadonlySet<string> = new Set([
  "FST_ERR_CTP_INVALID_JSON_BODY",
  "FST_ERR_CTP_EMPTY_JSON_BODY",
]);

/**
 * The MCP endpoint's error handler: whatever fails before the MCP transport sees the request (Fastify
 * refusing the body) answers as a JSON-RPC 2.0 error with `id: null`, never as the site's problem
 * document, since the caller is a JSON-RPC client. Statuses, codes and messages are those the MCP
 * Streamable HTTP transport answers for the same faults (`@modelcontextprotocol/server`): a body that is
 * not JSON, or none, is 400 with -32700 (parse error); a wrong content type 415 and an oversized body 413,
 * both -32000; a fault 500 with -32603 (internal error), logged.
 */
export function jsonRpcErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status =
    typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const [code, message] = BODY_PARSE_ERRORS.has(error.code)
    ? [PARSE_ERROR, "Parse error: Invalid JSON"]
    : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
      ? [SERVER_ERROR, "Unsupported Media Type: Content-Type must be application/json"]
      : status < 500
        ? [SERVER_ERROR, error.message]
        : [INTERNAL_ERROR, "Internal error"];
  if (status >= 500) request.log.error({ err: error }, "MCP request failed");
  return reply
    .code(status)
    .header("content-type", "application/json")
    .header("cache-control", "no-store")
    .send(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
