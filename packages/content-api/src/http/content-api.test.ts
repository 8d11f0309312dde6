import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemSchema } from "../schemas/problem.js";
import { buildTestApp, TEST_BASE_URL } from "../testing/build-test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ mcpUrl: `${TEST_BASE_URL}/mcp` }));
});
afterAll(async () => app.close());

async function getJson(url: string) {
  const response = await app.inject({ method: "GET", url });
  return { response, body: response.json() as Record<string, unknown> };
}

function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  const problem = ProblemSchema.parse(response.json());
  expect(problem.code).toBe(code);
  expect(problem.status).toBe(status);
  expect(problem.type).toBe(`${TEST_BASE_URL}/developers/#errors-${code}`);
  expect(problem.title.length).toBeGreaterThan(0);
  expect(problem.detail.length).toBeGreaterThan(0);
  expect(problem.resolution.length).toBeGreaterThan(0);
  return problem;
}

const SUCCESS_PATHS = [
  "/api",
  "/api/company",
  "/api/services",
  "/api/pricing",
  "/api/articles",
  "/api/articles/alpha-launch",
  "/api/search?q=ai",
  "/openapi.json",
];

describe("every endpoint", () => {
  it.each(SUCCESS_PATHS)("answers %s with JSON cacheable for five minutes, an ETag and open CORS", async (url) => {
    const response = await app.inject({ method: "GET", url, headers: { origin: "https://elsewhere.example" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.headers["etag"]).toMatch(/^"[^"]+"$/);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });

  it.each(SUCCESS_PATHS)("answers 304 without a body when If-None-Match holds the ETag of %s", async (url) => {
    const first = await app.inject({ method: "GET", url });
    const etag = String(first.headers["etag"]);
    const second = await app.inject({ method: "GET", url, headers: { "if-none-match": `"other", W/${etag}` } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
    expect(second.headers["etag"]).toBe(etag);
    expect(second.headers["cache-control"]).toBe("public, max-age=300");
    const stale = await app.inject({ method: "GET", url, headers: { "if-none-match": '"stale"' } });
    expect(stale.statusCode).toBe(200);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)(
    "refuses %s with 405 method_not_allowed and an Allow header",
    async (method) => {
      for (const url of ["/api", "/api/articles", "/api/articles/alpha-launch", "/openapi.json", "/pricing"]) {
        const response = await app.inject({ method, url, payload: { a: 1 } });
        const problem = expectProblem(response, 405, "method_not_allowed");
        expect(response.headers["allow"]).toBe("GET, HEAD, OPTIONS");
        expect(problem.instance).toBe(url);
      }
    },
  );

  it("refuses a write even when its body has a content type nothing parses", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api",
      headers: { "content-type": "application/x-unknown" },
      payload: "x",
    });
    expectProblem(response, 405, "method_not_allowed");
  });

  it("answers a CORS preflight on any path", async () => {
    const response = await app.inject({
      method: "OPTIONS",
      url: "/api/articles",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "if-none-match",
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-allow-methods"]).toContain("GET");
    expect(response.headers["access-control-allow-headers"]).toBe("if-none-match");
  });

  it("serves HEAD as a body-less GET", async () => {
    const response = await app.inject({ method: "HEAD", url: "/api/company" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });

  it.each(["/nope", "/api/nope", "/api/articles/alpha-launch/extra", "/api/"])(
    "answers an unknown path %s with 404 not_found",
    async (url) => {
      const problem = expectProblem(await app.inject({ method: "GET", url }), 404, "not_found");
      expect(problem.instance).toBe(url);
    },
  );
});

describe("GET /api", () => {
  it("lists every endpoint with the version and the interface URLs", async () => {
    const { body } = await getJson("/api");
    expect(body["version"]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body["openapi"]).toBe(`${TEST_BASE_URL}/openapi.json`);
    expect(body["mcp"]).toBe(`${TEST_BASE_URL}/mcp`);
    expect(body["documentation"]).toBe(`${TEST_BASE_URL}/developers`);
    const paths = (body["endpoints"] as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api",
        "/api/company",
        "/api/services",
        "/api/pricing",
        "/api/articles",
        "/api/articles/{slug}",
        "/api/search",
        "/openapi.json",
        "/mcp",
      ]),
    );
  });
});

describe("GET /api/company, /api/services, /api/pricing", () => {
  it("serves the profile with its markdown, which is the about page's markdown view", async () => {
    const { body } = await getJson("/api/company");
    expect(body["url"]).toBe(TEST_BASE_URL);
    expect(body["links"]).toMatchObject({ openapi: `${TEST_BASE_URL}/openapi.json`, mcp: `${TEST_BASE_URL}/mcp` });
    const view = await app.inject({ method: "GET", url: "/about.md" });
    expect(body["profileMarkdown"]).toBe(view.body);
    expect(view.body).toContain(String(body["oneLiner"]));
  });

  it("serves the four service lines", async () => {
    const { body } = await getJson("/api/services");
    expect(body["count"]).toBe(4);
    expect((body["services"] as { id: string }[]).map((s) => s.id).sort()).toEqual([
      "ai_agent",
      "automation",
      "internal_tool",
      "saas_mvp",
    ]);
  });

  it("serves both plans with a pricing document whose text is the pricing page's markdown view", async () => {
    const { body } = await getJson("/api/pricing");
    const plans = body["plans"] as { id: string; type: string; priceMin: number; priceMax: number }[];
    expect(plans.map((p) => [p.id, p.type])).toEqual([
      ["launch", "one-time project"],
      ["build", "monthly subscription"],
    ]);
    expect(body["pricingMarkdownUrl"]).toBe(`${TEST_BASE_URL}/pricing.md`);
    const view = await app.inject({ method: "GET", url: "/pricing.md" });
    expect(body["pricingMarkdown"]).toBe(view.body);
    expect(view.body).toContain("€8,000 to €40,000");
  });
});

describe("GET /api/articles", () => {
  it("lists published articles newest first, ties broken by slug, never drafts", async () => {
    const { body } = await getJson("/api/articles");
    const slugs = (body["articles"] as { slug: string }[]).map((a) => a.slug);
    expect(slugs).toEqual([
      "foxtrot-markdown",
      "echo-automation",
      "delta-postgres",
      "charlie-tie-a",
      "charlie-tie-b",
      "bravo-agents",
      "alpha-launch",
    ]);
    expect(body).toMatchObject({ total: 7, count: 7, limit: 50, offset: 0, tag: null });
    expect(body["availableTags"]).not.toContain("secret-tag");
  });

  it("carries updated only on articles that have one, and canonical URLs", async () => {
    const { body } = await getJson("/api/articles");
    const articles = body["articles"] as { slug: string; updated?: string; url: string }[];
    expect(articles.find((a) => a.slug === "bravo-agents")?.updated).toBe("2024-03-01");
    expect(articles.find((a) => a.slug === "alpha-launch")).not.toHaveProperty("updated");
    expect(articles[0]?.url).toBe(`${TEST_BASE_URL}/articles/foxtrot-markdown`);
  });

  it.each([1, 2, 3, 7])("walks the whole list with limit %i without gaps or duplicates", async (limit) => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const { body } = await getJson(`/api/articles?limit=${limit}&offset=${offset}`);
      const page = (body["articles"] as { slug: string }[]).map((a) => a.slug);
      expect(body).toMatchObject({ total: 7, limit, offset, count: page.length });
      if (page.length === 0) break;
      seen.push(...page);
    }
    const { body } = await getJson("/api/articles?limit=100");
    expect(seen).toEqual((body["articles"] as { slug: string }[]).map((a) => a.slug));
  });

  it("answers an offset past the end with an empty page", async () => {
    const { body } = await getJson("/api/articles?offset=10000");
    expect(body).toMatchObject({ total: 7, count: 0, offset: 10000, articles: [] });
  });

  it.each(["ai", "AI", "Ai"])("filters by tag case-insensitively (%s)", async (tag) => {
    const { body } = await getJson(`/api/articles?tag=${tag}`);
    expect((body["articles"] as { slug: string }[]).map((a) => a.slug)).toEqual([
      "foxtrot-markdown",
      "echo-automation",
      "charlie-tie-a",
      "bravo-agents",
    ]);
    expect(body).toMatchObject({ total: 4, tag: "ai" });
  });

  it("matches a tag written with capitals in the content, whatever case the caller uses", async () => {
    const { body } = await getJson("/api/articles?tag=pricing");
    expect(body).toMatchObject({ total: 1, tag: "Pricing" });
    expect(body["availableTags"]).toContain("Pricing");
  });

  it("answers an unused tag with an empty list", async () => {
    const { body } = await getJson("/api/articles?tag=nothing-here");
    expect(body).toMatchObject({ total: 0, count: 0, articles: [] });
  });

  it.each([
    "limit=0",
    "limit=101",
    "limit=-1",
    "limit=1.5",
    "limit=abc",
    "limit=",
    "limit=1e1",
    "limit=%205",
    "limit=1&limit=2",
    "offset=-1",
    "offset=10001",
    "offset=2.5",
    "offset=x",
  ])("refuses %s with 400 invalid_request", async (query) => {
    const problem = expectProblem(
      await app.inject({ method: "GET", url: `/api/articles?${query}` }),
      400,
      "invalid_request",
    );
    expect(problem.detail).toMatch(/limit|offset/);
    expect(problem.instance).toBe("/api/articles");
  });

  it("accepts the bounds of both ranges", async () => {
    for (const query of ["limit=1", "limit=100", "offset=0", "offset=10000"]) {
      expect((await app.inject({ method: "GET", url: `/api/articles?${query}` })).statusCode).toBe(200);
    }
  });
});

describe("GET /api/articles/{slug}", () => {
  it("serves the article with its complete markdown body", async () => {
    const { body } = await getJson("/api/articles/bravo-agents");
    expect(body).toMatchObject({
      slug: "bravo-agents",
      title: "Bravo: agents with TypeScript",
      tags: ["ai", "typescript"],
      updated: "2024-03-01",
    });
    expect(body["markdown"]).toMatch(/^Evaluations first,[\s\S]*on a word boundary\.\n$/);
  });

  it.each(["missing", "golf-draft", "Alpha-Launch", "bad_slug"])(
    "answers %s with 404 naming the available slugs and pointing to the list",
    async (slug) => {
      const problem = expectProblem(
        await app.inject({ method: "GET", url: `/api/articles/${slug}` }),
        404,
        "not_found",
      );
      expect(problem.detail).toContain("alpha-launch");
      expect(problem.detail).toContain("foxtrot-markdown");
      expect(problem.detail).not.toContain("golf-draft,");
      expect(problem.resolution).toContain("GET /api/articles");
      expect(problem.availableSlugs).toHaveLength(7);
      expect(problem.instance).toBe(`/api/articles/${slug}`);
    },
  );
});

describe("GET /api/search", () => {
  it.each(["postgres", "POSTGRES", "PostGres"])(
    "matches case-insensitively across title, tags and body (%s)",
    async (q) => {
      const { body } = await getJson(`/api/search?q=${q}`);
      expect(body["query"]).toBe(q);
      expect((body["results"] as { slug: string }[]).map((r) => r.slug)).toEqual(["delta-postgres", "bravo-agents"]);
      expect(body["count"]).toBe(2);
    },
  );

  it("matches descriptions and gives an excerpt around the first match", async () => {
    const { body } = await getJson("/api/search?q=invoices%20without");
    const [hit] = body["results"] as { slug: string; excerpt: string }[];
    expect(hit?.slug).toBe("echo-automation");
    expect(hit?.excerpt.toLowerCase()).toContain("invoices without");
  });

  it("cuts the excerpt around a match deep in a body", async () => {
    const { body } = await getJson("/api/search?q=postgres&limit=50");
    const hit = (body["results"] as { slug: string; excerpt: string }[]).find((r) => r.slug === "bravo-agents");
    expect(hit?.excerpt).toContain("Postgres");
    expect(hit?.excerpt.startsWith("…")).toBe(true);
    expect(hit?.excerpt.length).toBeLessThan(230);
    expect(hit?.excerpt.endsWith("…")).toBe(true);
  });

  it.each([
    ["ices with", ["echo-automation"]],
    ["INVOICES   WITHOUT", ["echo-automation"]],
    ["zz", []],
    ["ety-two", ["echo-automation"]],
    ["pos", ["delta-postgres", "bravo-agents"]],
  ])("finds any substring, short or spanning words (%s)", async (q, slugs) => {
    const { body } = await getJson(`/api/search?q=${encodeURIComponent(q)}`);
    expect((body["results"] as { slug: string }[]).map((r) => r.slug)).toEqual(slugs);
  });

  it("matches an article by a tag its title, description and body never mention", async () => {
    const { body } = await getJson("/api/search?q=ARCHITECTURE");
    const results = body["results"] as { slug: string; excerpt: string }[];
    expect(results.map((r) => r.slug)).toEqual(["delta-postgres"]);
    expect(results[0]?.excerpt.toLowerCase()).toContain("architecture");
  });

  it("accepts the bounds of limit (1 and 50)", async () => {
    expect((await getJson("/api/search?q=a&limit=1")).body["count"]).toBe(1);
    expect((await app.inject({ method: "GET", url: "/api/search?q=a&limit=50" })).statusCode).toBe(200);
  });

  it("never finds drafts", async () => {
    const { body } = await getJson("/api/search?q=unicornword");
    expect(body).toMatchObject({ count: 0, results: [] });
  });

  it("stops at limit, newest first", async () => {
    const { body } = await getJson("/api/search?q=a&limit=2");
    expect((body["results"] as { slug: string }[]).map((r) => r.slug)).toEqual(["foxtrot-markdown", "echo-automation"]);
  });

  it.each(["", "q=", "limit=5", "q=a&limit=0", "q=a&limit=51", "q=a&limit=x", "q=a&limit=2.5", "q=a&q=b"])(
    "refuses ?%s with 400 invalid_request",
    async (query) => {
      const problem = expectProblem(
        await app.inject({ method: "GET", url: `/api/search?${query}` }),
        400,
        "invalid_request",
      );
      expect(problem.detail).toMatch(/q|limit/);
    },
  );
});
