import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContentApp } from "./build-content-app.js";

const CONTENT_DIR = fileURLToPath(new URL("../content", import.meta.url));
const BASE_URL = "https://kiln.example";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildContentApp({ contentDir: CONTENT_DIR, baseUrl: BASE_URL });
});
afterAll(async () => app.close());

describe("the studio content app", () => {
  it("ships the studio's content: four service lines, launch and build, at least 12 tagged articles, some updated", async () => {
    const services = (await app.inject("/api/services")).json() as { count: number };
    expect(services.count).toBe(4);
    const pricing = (await app.inject("/api/pricing")).json() as {
      plans: { id: string; type: string; projectTypes: unknown[] }[];
    };
    expect(pricing.plans.map((p) => [p.id, p.type])).toEqual([
      ["launch", "one-time project"],
      ["build", "monthly subscription"],
    ]);
    for (const plan of pricing.plans) expect(plan.projectTypes.length).toBeGreaterThan(0);
    const list = (await app.inject("/api/articles?limit=100")).json() as {
      total: number;
      availableTags: string[];
      articles: { tags: string[]; updated?: string }[];
    };
    expect(list.total).toBeGreaterThanOrEqual(12);
    expect(list.availableTags.length).toBeGreaterThanOrEqual(8);
    expect(list.articles.every((a) => a.tags.length >= 2)).toBe(true);
    expect(list.articles.filter((a) => a.updated).length).toBeGreaterThanOrEqual(2);
  });

  it("returns 10 search results by default when more articles match (the spec default limit)", async () => {
    const list = (await app.inject("/api/articles?limit=100")).json() as { total: number };
    const all = (await app.inject("/api/search?q=e&limit=50")).json() as { count: number };
    expect(all.count).toBe(list.total);
    expect(all.count).toBeGreaterThan(10);
    const page = (await app.inject("/api/search?q=e")).json() as { count: number };
    expect(page.count).toBe(10);
  });

  it("publishes absolute URLs under PUBLIC_BASE_URL, MCP included", async () => {
    const index = (await app.inject("/api")).json() as { openapi: string; mcp: string };
    expect(index).toMatchObject({ openapi: `${BASE_URL}/openapi.json`, mcp: `${BASE_URL}/mcp` });
  });

  it("mounts the API, the site with markdown views and the MCP endpoint side by side", async () => {
    expect((await app.inject("/pricing")).headers["content-type"]).toMatch(/^text\/html/);
    expect(
      (await app.inject({ url: "/pricing", headers: { accept: "text/markdown" } })).headers["content-type"],
    ).toMatch(/^text\/markdown/);
    const mcpGet = await app.inject("/mcp");
    expect(mcpGet.statusCode).toBe(405);
    expect(mcpGet.headers["allow"]).toBe("POST");
    const tools = await app.inject({
      method: "POST",
      url: "/mcp",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      payload: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
    });
    expect(tools.statusCode).toBe(200);
    expect((tools.json() as { result: { tools: unknown[] } }).result.tools).toHaveLength(5);
  });

  it("refuses to start on invalid content, naming the file and field", async () => {
    const dir = await mkdtemp(join(tmpdir(), "content-app-"));
    try {
      await cp(CONTENT_DIR, dir, { recursive: true });
      await writeFile(join(dir, "articles", "broken.md"), "---\ntitle: Broken\n---\nNo description.\n");
      await expect(buildContentApp({ contentDir: dir, baseUrl: BASE_URL })).rejects.toThrow(
        "articles/broken.md: description",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
