/**
 * Drives the official MCP client against a live commerce endpoint and prints what it got back, as JSON.
 *
 * Plain JavaScript in its own Node process, on purpose (as packages/mcp-server's probe): the workspace
 * resolves packages with the `source` export condition, and the client's `eventsource` dependencies
 * publish TypeScript sources under that very condition, which neither Node nor our tsconfig can consume.
 *
 * Usage: `node mcp-client-probe.mjs` with `{ url, headers, steps }` on stdin. A step is
 * `{ "listTools": true }`, `{ "listResources": true }`, `{ "readResource": "uri" }` or
 * `{ "callTool": { "name": "...", "arguments": {...} } }`. A string argument `"$2.structuredContent.id"`
 * is replaced by that path of step 2's result, so one client session can run a whole purchase. Prints
 * one `{ "result": ... }` or `{ "error": "message" }` per step.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

let input = "";
for await (const chunk of process.stdin) input += String(chunk);
const { url, headers, steps } = JSON.parse(input);

const outcomes = [];
const lookup = (reference) => {
  const [step, ...path] = reference.slice(1).split(".");
  let value = outcomes[Number(step)]?.result;
  for (const key of path) value = value?.[key];
  if (value === undefined) throw new Error(`${reference} names nothing`);
  return value;
};
const resolve = (value) => {
  if (typeof value === "string" && /^\$\d+\./.test(value)) return lookup(value);
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  return value;
};

const client = new Client({ name: "commerce-probe", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
for (const step of steps) {
  try {
    const result = step.listTools
      ? await client.listTools()
      : step.listResources
        ? await client.listResources()
        : step.readResource
          ? await client.readResource({ uri: step.readResource })
          : await client.callTool(resolve(step.callTool));
    outcomes.push({ result });
  } catch (error) {
    outcomes.push({ error: error instanceof Error ? error.message : String(error) });
  }
}
await client.close();
process.stdout.write(JSON.stringify(outcomes));
