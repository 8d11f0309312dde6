import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Actor } from "../../kernel/actor.js";
import { jsonHeaders } from "../../testing/index.js";

const PROBE = fileURLToPath(new URL("./testing/mcp-client-probe.mjs", import.meta.url));

/** A step of the official client (see the probe); `"$N.path"` strings read step N's result. */
export type ProbeStep =
  | { listTools: true }
  | { listResources: true }
  | { readResource: string }
  | { callTool: { name: string; arguments: Record<string, unknown> } };

/** What a step answered: the client's result, or the message of the error it threw. */
export type ProbeOutcome = { result: ProbeResult } | { error: string };

/** The parts of MCP results these tests read. */
export interface ProbeResult {
  tools?: {
    name: string;
    inputSchema: { type: string };
    outputSchema?: { type: string };
    annotations?: Record<string, unknown>;
  }[];
  resources?: { uri: string }[];
  contents?: { uri: string; text: string }[];
  content?: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Runs `steps` with one official MCP client session, as `actor`, in a separate Node process. */
export async function probe(url: string, actor: Actor, steps: readonly ProbeStep[]): Promise<ProbeOutcome[]> {
  const child = spawn(process.execPath, [PROBE], { stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.end(JSON.stringify({ url, headers: jsonHeaders(actor), steps }));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`MCP client probe failed (${code}): ${stderr}`);
  return JSON.parse(stdout) as ProbeOutcome[];
}

/** The result of a step that must have succeeded. */
export function resultOf(outcome: ProbeOutcome | undefined): ProbeResult {
  if (!outcome) throw new Error("the probe returned nothing");
  if ("error" in outcome) throw new Error(outcome.error);
  return outcome.result;
}

/** The structured content of a tool call that must have succeeded. */
export function dataOf(outcome: ProbeOutcome | undefined): Record<string, unknown> {
  const result = resultOf(outcome);
  if (result.isError === true || !result.structuredContent)
    throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** Starts the app on a real socket of 127.0.0.1 (the client speaks HTTP, not inject); answers the MCP URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return `${address}/api/mcp`;
}

/** One raw JSON-RPC POST through inject, for what the client never sends (junk, other methods). */
export const MCP_ACCEPT = "application/json, text/event-stream";
