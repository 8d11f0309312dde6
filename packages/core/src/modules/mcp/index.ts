/**
 * The mcp module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/mcp/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { mcpModule } from "./mcp-module.js";
export type { CheckoutOnceInput, McpService } from "./mcp-service.js";
