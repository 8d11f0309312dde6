import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { router } from "../../../http/router.js";
import { AppError } from "../../../kernel/app-error.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createCommerceMcpServer } from "../create-commerce-mcp-server.js";

const DESCRIPTION =
  "Model Context Protocol over Streamable HTTP, stateless (JSON-RPC 2.0 with `Accept: application/json, text/event-stream`; any process can answer any request). Authenticated like every route (API key or bearer token); each tool runs as that actor through the same services and permission checks as the REST routes, and tools the actor may not use are not listed. Storefront tools: search_products, get_product, create_cart, add_cart_item, update_cart_item, get_cart, checkout, track_order; staff tools: get_order, list_low_stock, adjust_stock, refund_order, run_report. Resources: commerce://settings/policies, commerce://catalog/products/page/{page}.";

/** Whether a JSON-RPC body (one message or a batch) asks for the tool list. */
function listsTools(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) =>
      typeof message === "object" && message !== null && "method" in message && message.method === "tools/list",
  );
}

const methodNotAllowed = () =>
  new AppError("METHOD_NOT_ALLOWED", {
    message:
      "This MCP endpoint is stateless and accepts only POST (JSON-RPC 2.0): there is no stream to open or session to end",
  });

export const mcpEndpointRoute = (context: RouteContext) =>
  router("MCP", "/mcp")
    .post("/", { summary: "Commerce MCP server", description: DESCRIPTION })
    .auth()
    .handler(async ({ actor, organizationId, request, reply }) => {
      // A fresh server and transport per request: nothing is kept between requests (stateless).
      const server = createCommerceMcpServer({
        actor,
        organizationId,
        route: context,
        requestId: request.id,
        logger: request.log,
        isForbiddenCallable: !listsTools(request.body),
      });
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      const claim = request.idempotencyClaim;
      if (claim) {
        request.idempotencyClaim = null;
        await context.services.mcp.releaseRequestKey(claim);
      }
      await server.connect(transport);
      // The transport writes the response itself; headers set on the raw response are merged into it.
      reply.hijack();
      reply.raw.setHeader("cache-control", "no-store");
      reply.raw.setHeader("x-request-id", request.id);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    })
    .get("/", {
      summary: "Not allowed on the MCP endpoint",
      description: "405 with `Allow: POST`: the endpoint is stateless and opens no server-sent event stream.",
    })
    .handler(async ({ reply }) => {
      reply.header("allow", "POST");
      throw methodNotAllowed();
    })
    .delete("/", {
      summary: "Not allowed on the MCP endpoint",
      description: "405 with `Allow: POST`: the endpoint is stateless and has no session to end.",
    })
    .handler(async ({ reply }) => {
      reply.header("allow", "POST");
      throw methodNotAllowed();
    })
    .build();
