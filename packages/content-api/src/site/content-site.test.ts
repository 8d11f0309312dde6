import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROBLEM_CODES } from "../schemas/problem.js";
import { buildTestApp, TEST_BASE_URL } from "../testing/build-test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ mcpUrl: `${TEST_BASE_URL}/mcp` }));
});
afterAll(async () => app.close());

const PAGES = ["/", "/pricing", "/services", "/about", "/articles", "/articles/bravo-agents", "/developers"];
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });
const mdPath = (path: string) => (path === "/" ? "/index.md" : `${path}.md`);

describe("site pages", () => {
  it.each(PAGES)("serves %s as HTML by default, with Vary: Accept and a markdown alternate", async (path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["vary"]).toBe("Accept");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.body).toContain("<nav>");
    expect(response.body).toContain(
      `<link rel="alternate" type="text/markdown" href="${TEST_BASE_URL}${mdPath(path)}">`,
    );
  });

  it.each(PAGES)(
    "serves %s as clean markdown for Accept: text/markdown, the same text as its .md view",
    async (path) => {
      const byHeader = await get(path, { accept: "text/markdown" });
      const bySuffix = await get(mdPath(path));
      for (const response of [byHeader, bySuffix]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("text/markdown; charset=utf-8");
        expect(response.headers["vary"]).toBe("Accept");
        expect(response.body).toMatch(/^# /);
        expect(response.body).not.toMatch(/<nav|<style|<script|<html/i);
      }
      expect(byHeader.body).toBe(bySuffix.body);
      expect(byHeader.headers["etag"]).not.toBe((await get(path)).headers["etag"]);
    },
  );

  it("honours q-values: HTML when the client ranks it higher, markdown otherwise", async () => {
    expect((await get("/pricing", { accept: "text/html, text/markdown;q=0.5" })).headers["content-type"]).toMatch(
      /^text\/html/,
    );
    expect((await get("/pricing", { accept: "text/html;q=0.4, text/markdown;q=0.9" })).headers["content-type"]).toMatch(
      /^text\/markdown/,
    );
    expect((await get("/pricing", { accept: "text/markdown;q=0" })).headers["content-type"]).toMatch(/^text\/html/);
    // What agents send: markdown named first beside HTML at the same weight means markdown.
    expect((await get("/pricing", { accept: "text/markdown, text/html, */*" })).headers["content-type"]).toMatch(
      /^text\/markdown/,
    );
    expect(
      (await get("/pricing", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" })).headers["content-type"],
    ).toMatch(/^text\/html/);
  });

  it("answers 304 to a markdown view whose ETag is current", async () => {
    const first = await get("/pricing.md");
    const second = await get("/pricing.md", { "if-none-match": String(first.headers["etag"]) });
    expect(second.statusCode).toBe(304);
    expect(second.headers["vary"]).toBe("Accept");
  });

  it("renders an article page from its markdown, with title, dates and body", async () => {
    const markdown = (await get("/articles/bravo-agents.md")).body;
    expect(markdown).toContain("# Bravo: agents with TypeScript");
    expect(markdown).toContain("Published 2024-02-01, updated 2024-03-01");
    expect(markdown).toContain("Evaluations first");
    const html = (await get("/articles/bravo-agents")).body;
    expect(html).toContain("<title>Bravo: agents with TypeScript</title>");
    expect(html).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/articles/bravo-agents">`);
  });

  it.each(["/articles/missing", "/articles/missing.md", "/articles/golf-draft"])(
    "answers %s with 404 not_found",
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    },
  );

  it("gives the developers page an errors-<code> anchor for every error code, also at /developers/", async () => {
    for (const path of ["/developers", "/developers/"]) {
      const html = (await get(path)).body;
      for (const code of PROBLEM_CODES) expect(html).toContain(`id="errors-${code}"`);
    }
    const markdown = (await get("/developers.md")).body;
    for (const code of PROBLEM_CODES) expect(markdown).toContain(`{#errors-${code}}`);
    expect(markdown).toContain(`${TEST_BASE_URL}/mcp`);
  });

  it("makes every problem type URL resolve to an anchor on the developers page", async () => {
    const problem = (await get("/api/articles/missing")).json() as { type: string };
    const [page, anchor] = problem.type.replace(TEST_BASE_URL, "").split("#");
    const html = (await get(page ?? "")).body;
    expect(html).toContain(`id="${anchor}"`);
  });
});

describe("files for agents, crawlers and readers", () => {
  it("serves /llms.txt listing the markdown views and the APIs", async () => {
    const response = await get("/llms.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^# Fixture Studio\n\n> /);
    for (const link of ["/pricing.md", "/about.md", "/openapi.json", "/mcp", "/articles/bravo-agents.md"])
      expect(response.body).toContain(`${TEST_BASE_URL}${link}`);
    expect(response.body).not.toContain("golf-draft");
  });

  it("serves /sitemap.xml with every page and published article", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    expect(response.body).toContain(`<loc>${TEST_BASE_URL}/pricing</loc>`);
    expect(response.body).toContain(
      `<url><loc>${TEST_BASE_URL}/articles/bravo-agents</loc><lastmod>2024-03-01</lastmod></url>`,
    );
    expect(response.body.match(/<url>/g)).toHaveLength(6 + 7);
  });

  it("serves a JSON Feed 1.1 of the articles, newest first", async () => {
    const response = await get("/feed.json");
    expect(response.headers["content-type"]).toMatch(/^application\/feed\+json/);
    const feed = response.json() as {
      version: string;
      feed_url: string;
      items: { id: string; date_published: string; date_modified?: string; content_text: string }[];
    };
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.feed_url).toBe(`${TEST_BASE_URL}/feed.json`);
    expect(feed.items).toHaveLength(7);
    expect(feed.items[0]).toMatchObject({
      id: `${TEST_BASE_URL}/articles/foxtrot-markdown`,
      date_published: "2024-06-30T00:00:00Z",
      date_modified: "2024-07-02T00:00:00Z",
    });
  });

  it("serves an RSS 2.0 feed of the articles", async () => {
    const response = await get("/feed.xml");
    expect(response.headers["content-type"]).toMatch(/^application\/rss\+xml/);
    expect(response.body).toContain('<rss version="2.0"');
    expect(response.body.match(/<item>/g)).toHaveLength(7);
    expect(response.body).toContain("<title>Bravo: agents with TypeScript</title>");
    expect(response.body).toContain("<pubDate>Thu, 01 Feb 2024 00:00:00 GMT</pubDate>");
  });
});
