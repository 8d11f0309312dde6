export { createContentMcpServer } from "./create-content-mcp-server.js";
export { mcpPlugin, type McpPluginOptions } from "./mcp-plugin.js";
