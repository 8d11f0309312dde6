import { McpServer } from "@modelcontextprotocol/server";
import type { FastifyBaseLogger } from "fastify";
import { toAppError } from "../../http/error-response.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { canUseTool, type CommerceTool, type ToolContext } from "./commerce-tool.js";
import { registerCommerceResources } from "./commerce-resources.js";
import { staffTools } from "./staff-tools.js";
import { storefrontTools } from "./storefront-tools.js";

/** Every commerce tool, storefront first. */
export const commerceTools: readonly CommerceTool[] = [...storefrontTools, ...staffTools];

/** What one MCP request is served with. */
export interface CommerceMcpRequest extends ToolContext {
  requestId: string;
  logger: FastifyBaseLogger;
  /**
   * Whether tools the actor may not use are registered too, answering a FORBIDDEN tool error when called.
   * Set for a request that lists no tools: a list then names only what the actor may use, and a call
   * of a forbidden tool answers a tool error the model can read rather than the SDK's "not found".
   */
  isForbiddenCallable: boolean;
}

type ToolAnswer = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/**
 * A commerce MCP server for one request's actor (stateless: one per request). Tools call the same
 * services as the REST routes, with the actor's organization, and answer the same JSON: the structured
 * content is validated by the route's output schema (extra fields stripped, as REST's serializer does).
 */
export function createCommerceMcpServer(request: CommerceMcpRequest): McpServer {
  const server = new McpServer(
    { name: "unified-commerce", version: CORE_VERSION },
    {
      instructions:
        "Amounts are integers in minor units (2500 EUR is 25.00 EUR). To buy: search_products, get_product, create_cart (keep its cartToken), add_cart_item, get_cart to preview promotion codes, then checkout with a fresh idempotencyKey (reuse it only to retry the same purchase).",
    },
  );
  const { actor } = request;
  for (const tool of commerceTools) {
    const annotations = {
      title: tool.title,
      readOnlyHint: tool.isReadOnly,
      destructiveHint: false,
      idempotentHint: tool.isIdempotent === true,
      openWorldHint: false,
    };
    if (canUseTool(actor, tool)) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: tool.input,
          outputSchema: tool.output,
          annotations,
        },
        (input: Record<string, unknown>) => runTool(tool, request, input),
      );
    } else if (request.isForbiddenCallable) {
      // No schemas: the refusal comes before any argument is read, whatever the arguments.
      server.registerTool(tool.name, { title: tool.title, description: tool.description, annotations }, () =>
        toolError("FORBIDDEN", `This credential may not use ${tool.name} (it needs ${describeAccess(tool)})`),
      );
    }
  }
  registerCommerceResources(server, request);
  return server;
}

async function runTool(
  tool: CommerceTool,
  request: CommerceMcpRequest,
  input: Record<string, unknown>,
): Promise<ToolAnswer> {
  try {
    const answer = await tool.run(request, input);
    // Through JSON first, as REST answers are: dates become strings before the output schema reads them.
    const structured = tool.output.parse(JSON.parse(JSON.stringify(answer)));
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    const known = toAppError(error);
    if (known && known.status < 500) {
      const details = known.issues ?? known.details;
      return toolError(
        known.code,
        details === undefined ? known.message : `${known.message} ${JSON.stringify(details)}`,
      );
    }
    request.logger.error({ err: error, tool: tool.name }, "MCP tool failed");
    return toolError(
      known?.code ?? "INTERNAL_ERROR",
      `The tool failed (request ${request.requestId}); retrying later may help`,
    );
  }
}

function toolError(code: string, message: string): ToolAnswer {
  return { content: [{ type: "text", text: `${code}: ${message}` }], isError: true };
}

function describeAccess(tool: CommerceTool): string {
  const permissions = tool.permissions.join(", ");
  return tool.isSessionRequired === true ? `a signed-in customer's session and ${permissions}` : permissions;
}
