import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { ContentProblem, type ContentSource } from "@unified-commerce/content-api";
import type { FastifyPluginAsync } from "fastify";
import { createContentMcpServer } from "./create-content-mcp-server.js";
import { jsonRpcErrorHandler } from "./json-rpc-error-handler.js";

/** Options of {@link mcpPlugin}. */
export interface McpPluginOptions {
  /** Where the tools read content from. */
  source: ContentSource;
  /**
   * Path of the endpoint.
   * @default "/mcp"
   */
  path?: string;
}

/**
 * `POST /mcp`: MCP over Streamable HTTP, stateless (a fresh server and transport per request, so any
 * process behind a load balancer can answer any request), JSON responses, no authentication, never cached.
 * Other methods answer 405 with `Allow: POST` as a problem document. A body Fastify cannot read (not JSON,
 * empty, wrong content type, too large) answers a JSON-RPC error, as the transport would.
 */
export const mcpPlugin: FastifyPluginAsync<McpPluginOptions> = async (app, { source, path = "/mcp" }) => {
  // This plugin's own context: a JSON-RPC client gets JSON-RPC errors, the site keeps its problem documents.
  app.setErrorHandler(jsonRpcErrorHandler);
  app.post(path, async (request, reply) => {
    const server = createContentMcpServer(source);
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport writes the response itself; headers set on the raw response are merged into it.
    reply.hijack();
    reply.raw.setHeader("cache-control", "no-store");
    reply.raw.setHeader("access-control-allow-origin", "*");
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: path,
    handler: async (request, reply) => {
      const problem = new ContentProblem({
        code: "method_not_allowed",
        detail: `${request.method} is not allowed on ${path}: this MCP endpoint is stateless and accepts only POST (JSON-RPC 2.0).`,
        resolution: `Send JSON-RPC requests with POST ${path}, Content-Type: application/json and Accept: application/json, text/event-stream.`,
      });
      return reply
        .code(405)
        .header("allow", "POST")
        .header("cache-control", "no-store")
        .header("content-type", "application/problem+json")
        .send(JSON.stringify(problem.toProblem({ baseUrl: source.current().baseUrl, instance: path })));
    },
  });

  app.options(path, async (request, reply) =>
    reply
      .code(204)
      .header("allow", "POST, OPTIONS")
      .header("access-control-allow-origin", "*")
      .header("access-control-allow-methods", "POST, OPTIONS")
      .header(
        "access-control-allow-headers",
        request.headers["access-control-request-headers"] ?? "content-type, accept, mcp-protocol-version",
      )
      .header("access-control-max-age", "86400")
      .header("cache-control", "no-store")
      .send(),
  );
};
