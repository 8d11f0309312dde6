/**
 * Drives the official MCP client against a live endpoint and prints what it got back, as JSON.
 *
 * Plain JavaScript in its own Node process, on purpose: the workspace resolves packages with the `source`
 * export condition (in vitest and in tsc), and the client's `eventsource` dependencies publish TypeScript
 * sources under that very condition, which neither Node nor our tsconfig can consume. A plain Node process
 * resolves their published builds.
 *
 * Usage: `node mcp-client-probe.mjs <url>` with a JSON array of steps on stdin:
 * `{ "listTools": true }` or `{ "callTool": { "name": "...", "arguments": {...} } }`. Prints one
 * `{ "result": ... }` or `{ "error": "message" }` per step.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const url = process.argv[2];
if (!url) throw new Error("usage: mcp-client-probe.mjs <url>");
let input = "";
for await (const chunk of process.stdin) input += String(chunk);
const steps = JSON.parse(input);

const client = new Client({ name: "content-probe", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const outcomes = [];
for (const step of steps) {
  try {
    const result = step.listTools ? await client.listTools() : await client.callTool(step.callTool);
    outcomes.push({ result });
  } catch (error) {
    outcomes.push({ error: error instanceof Error ? error.message : String(error) });
  }
}
await client.close();
process.stdout.write(JSON.stringify(outcomes));
