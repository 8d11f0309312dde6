import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { createMcpService } from "./mcp-service.js";
import { mcpEndpointRoute } from "./routes/mcp-endpoint.js";

/**
 * The commerce MCP server at `POST /api/mcp`: AI agents shop and staff agents work through the same
 * services, permissions and tenancy as the REST routes. A core module rather than a package because its
 * tools take their schemas from the modules' own zod schemas, and its route is authenticated by the
 * kernel like every other.
 */
export const mcpModule: PluginManifest = {
  id: "mcp",
  version: CORE_VERSION,
  dependencies: [
    "catalog",
    "search",
    "pricing",
    "inventory",
    "carts",
    "checkout",
    "orders",
    "me",
    "analytics",
    "settings",
  ],
  services: (context) => ({ mcp: createMcpService(context) }),
  routes: (context) => mcpEndpointRoute(context),
};
