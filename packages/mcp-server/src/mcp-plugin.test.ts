import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import {
  ArticleListSchema,
  ArticleSchema,
  CompanyProfileSchema,
  contentApi,
  createContentStore,
  PricingSchema,
  SearchResponseSchema,
} from "@unified-commerce/content-api";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpPlugin } from "./mcp-plugin.js";

const FIXTURE_DIR = fileURLToPath(new URL("../test-fixtures/content", import.meta.url));
const BASE_URL = "https://studio.test";

let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  const store = await createContentStore({ dir: FIXTURE_DIR, baseUrl: BASE_URL, mcpUrl: `${BASE_URL}/mcp` });
  app = Fastify();
  await app.register(contentApi, { source: store });
  await app.register(mcpPlugin, { source: store });
  // A real socket: the official client speaks HTTP, not inject.
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  url = `${address}/mcp`;
});
afterAll(async () => app.close());

const PROBE = fileURLToPath(new URL("./testing/mcp-client-probe.mjs", import.meta.url));

type ProbeStep = { listTools: true } | { callTool: { name: string; arguments: Record<string, unknown> } };
type ProbeOutcome = { result: unknown } | { error: string };

/** Runs steps through the official MCP client in a separate Node process (see the probe for why). */
async function probe(steps: ProbeStep[]): Promise<ProbeOutcome[]> {
  const child = spawn(process.execPath, [PROBE, url], { stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.end(JSON.stringify(steps));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`MCP client probe failed (${code}): ${stderr}`);
  return JSON.parse(stdout) as ProbeOutcome[];
}

/** The official client, as far as these tests use it: list tools and call them over HTTP. */
const client = {
  async listTools(): Promise<{ tools: Tool[] }> {
    return resultOf((await probe([{ listTools: true }]))[0]) as { tools: Tool[] };
  },
  async callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<CallToolResult> {
    return resultOf((await probe([{ callTool: call }]))[0]) as CallToolResult;
  },
};

function resultOf(outcome: ProbeOutcome | undefined): unknown {
  if (!outcome) throw new Error("the probe returned nothing");
  if ("error" in outcome) throw new Error(outcome.error);
  return outcome.result;
}

async function rest(path: string): Promise<unknown> {
  return (await app.inject({ method: "GET", url: path })).json();
}

describe("POST /mcp with the official MCP client", () => {
  it("lists the five read-only tools with input and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_article",
      "get_company_profile",
      "get_pricing",
      "list_articles",
      "search_articles",
    ]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    const search = tools.find((t) => t.name === "search_articles");
    expect(search?.inputSchema.required).toEqual(["q"]);
  });

  it("get_company_profile returns the same structured content as GET /api/company", async () => {
    const result = await client.callTool({ name: "get_company_profile", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(CompanyProfileSchema.parse(result.structuredContent)).toEqual(await rest("/api/company"));
  });

  it("get_pricing returns the same structured content as GET /api/pricing", async () => {
    const result = await client.callTool({ name: "get_pricing", arguments: {} });
    expect(PricingSchema.parse(result.structuredContent)).toEqual(await rest("/api/pricing"));
  });

  it("list_articles pages and filters like GET /api/articles", async () => {
    const result = await client.callTool({ name: "list_articles", arguments: { tag: "AI", limit: 2, offset: 1 } });
    expect(ArticleListSchema.parse(result.structuredContent)).toEqual(
      await rest("/api/articles?tag=AI&limit=2&offset=1"),
    );
    const all = await client.callTool({ name: "list_articles", arguments: {} });
    expect(all.structuredContent).toMatchObject({ total: 7, limit: 50, offset: 0 });
  });

  it("get_article returns the article with its markdown, like GET /api/articles/{slug}", async () => {
    const result = await client.callTool({ name: "get_article", arguments: { slug: "bravo-agents" } });
    expect(ArticleSchema.parse(result.structuredContent)).toEqual(await rest("/api/articles/bravo-agents"));
    const [text] = result.content as { type: string; text: string }[];
    expect(JSON.parse(text?.text ?? "")).toEqual(result.structuredContent);
  });

  it("get_article on an unknown slug is a tool error naming the slugs, not a crash", async () => {
    const result = await client.callTool({ name: "get_article", arguments: { slug: "missing" } });
    expect(result.isError).toBe(true);
    const [text] = result.content as { type: string; text: string }[];
    expect(text?.text).toContain("alpha-launch");
    expect(text?.text).toContain("list_articles");
    // The endpoint keeps answering after the error.
    expect((await client.callTool({ name: "get_pricing", arguments: {} })).isError).toBeFalsy();
  });

  it("search_articles searches like GET /api/search", async () => {
    const result = await client.callTool({ name: "search_articles", arguments: { q: "POSTGRES", limit: 5 } });
    expect(SearchResponseSchema.parse(result.structuredContent)).toEqual(await rest("/api/search?q=POSTGRES&limit=5"));
  });

  it("refuses arguments outside the limits", async () => {
    const outcome = await client.callTool({ name: "search_articles", arguments: { q: "" } }).then(
      (result) => result.isError === true,
      () => true,
    );
    expect(outcome).toBe(true);
    const tooMany = await client.callTool({ name: "list_articles", arguments: { limit: 101 } }).then(
      (result) => result.isError === true,
      () => true,
    );
    expect(tooMany).toBe(true);
  });
});

describe("/mcp over plain HTTP", () => {
  it("answers GET with 405 and Allow: POST, as a problem document", async () => {
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({
      code: "method_not_allowed",
      status: 405,
      type: `${BASE_URL}/developers/#errors-method_not_allowed`,
    });
  });

  it.each(["PUT", "PATCH", "DELETE"])("answers %s with 405 and Allow: POST, never cached", async (method) => {
    const response = await fetch(url, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ code: "method_not_allowed", instance: "/mcp" });
  });

  it("never caches a refused JSON-RPC request either", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such-method", params: {} }),
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is never cached and open to any origin", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        origin: "https://agent.example",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as { result?: { tools: unknown[] } };
    expect(body.result?.tools).toHaveLength(5);
  });

  it("answers a CORS preflight", async () => {
    const response = await fetch(url, {
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
  });
});
