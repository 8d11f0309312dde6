import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.js";
import { createClient } from "./create-client.js";

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that records requests and answers from a script, one answer per request. */
function scriptedFetch(answers: Answer[]) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)] as Answer;
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(body, {
      status: answer.status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  };
  return { fetch, requests };
}

const entity = { id: "e1", slug: "mug" };

describe("createClient", () => {
  it("answers the envelope's data and meta, and sends the credentials it was given", async () => {
    const { fetch, requests } = scriptedFetch([{ status: 200, body: { data: [entity], meta: { pagination: {} } } }]);
    const api = createClient({ baseUrl: "https://api.shop.example/", apiKey: "uc_sf_key", fetch });
    const { data, meta } = await api.get("/api/catalog/entities", { query: { limit: 5, include: "variants" } });
    expect(data).toEqual([entity]);
    expect(meta).toEqual({ pagination: {} });
    const [request] = requests;
    expect(request?.url).toBe("https://api.shop.example/api/catalog/entities?limit=5&include=variants");
    expect(request?.headers.get("x-api-key")).toBe("uc_sf_key");
  });

  it("fills path parameters, encoded, and sends bearer and cart tokens", async () => {
    const { fetch, requests } = scriptedFetch([{ status: 200, body: { data: entity } }]);
    const api = createClient({ bearerToken: "abc.def", fetch, baseUrl: "http://x" }).with({ cartToken: "ct" });
    await api.get("/api/catalog/entities/{idOrSlug}", { params: { idOrSlug: "a b/c" } });
    expect(requests[0]?.url).toBe("http://x/api/catalog/entities/a%20b%2Fc");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer abc.def");
    expect(requests[0]?.headers.get("x-cart-token")).toBe("ct");
  });

  it("throws an ApiError with code, message, details, status and request id", async () => {
    const issues = [
      { path: "body.attributes.en.title", message: "Too long" },
      { path: "query.limit", message: "Too big" },
    ];
    const { fetch } = scriptedFetch([
      {
        status: 422,
        body: { error: { code: "VALIDATION_FAILED", message: "Invalid input", issues } },
        headers: { "x-request-id": "req-1" },
      },
    ]);
    const api = createClient({ fetch, baseUrl: "http://x" });
    const error = await api
      .post("/api/catalog/entities", { body: { slug: "s", type: "product" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION_FAILED", message: "Invalid input", issues });
    expect((error as ApiError).requestId).toBe("req-1");
    expect((error as ApiError).fieldErrors).toEqual({ "attributes.en.title": "Too long" });
  });

  it("keeps the status of an answer that is not the API's envelope, and reports unreachable servers", async () => {
    const proxy = createClient({
      baseUrl: "http://x",
      fetch: async () => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    });
    await expect(proxy.get("/api/health")).rejects.toMatchObject({ status: 502, code: "HTTP_502" });
    const down = createClient({
      baseUrl: "http://x",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(down.get("/api/health")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });

  it("calls onUnauthorized before throwing a 401", async () => {
    const { fetch } = scriptedFetch([{ status: 401, body: { error: { code: "UNAUTHORIZED", message: "Sign in" } } }]);
    const seen: string[] = [];
    const api = createClient({ fetch, baseUrl: "http://x", onUnauthorized: (error) => seen.push(error.code) });
    await expect(api.get("/api/orders")).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(["UNAUTHORIZED"]);
  });

  it("sends one Idempotency-Key per call when asked, the same on every retry of that call", async () => {
    const busy = { status: 503, body: { error: { code: "SERVICE_UNAVAILABLE", message: "Busy" } } };
    const { fetch, requests } = scriptedFetch([
      { ...busy, headers: { "retry-after": "0" } },
      { status: 201, body: { data: entity } },
      { status: 201, body: { data: entity } },
    ]);
    const api = createClient({ fetch, baseUrl: "http://x", retry: true });
    await api.post("/api/catalog/entities", { body: { slug: "s", type: "product" }, idempotencyKey: true });
    await api.post("/api/catalog/entities", { body: { slug: "s", type: "product" }, idempotencyKey: "mine" });
    const keys = requests.map((request) => request.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe("mine");
  });

  it("follows Retry-After only when asked, never retries a POST without a key on 503, and gives up after its attempts", async () => {
    const limited = {
      status: 429,
      body: { error: { code: "RATE_LIMITED", message: "Slow down" } },
      headers: { "retry-after": "0" },
    };
    const once = scriptedFetch([limited, { status: 200, body: { data: [] } }]);
    await expect(createClient({ fetch: once.fetch, baseUrl: "http://x" }).get("/api/orders")).rejects.toMatchObject({
      status: 429,
    });
    expect(once.requests).toHaveLength(1);

    const retried = scriptedFetch([limited, { status: 200, body: { data: [] } }]);
    const { data } = await createClient({ fetch: retried.fetch, baseUrl: "http://x", retry: true }).get("/api/orders");
    expect(data).toEqual([]);
    expect(retried.requests).toHaveLength(2);

    const busy = {
      status: 503,
      body: { error: { code: "SERVICE_UNAVAILABLE", message: "Busy" } },
      headers: { "retry-after": "0" },
    };
    const post = scriptedFetch([busy, { status: 201, body: { data: entity } }]);
    await expect(
      createClient({ fetch: post.fetch, baseUrl: "http://x", retry: true }).post("/api/catalog/entities", {
        body: { slug: "s", type: "product" },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(post.requests).toHaveLength(1);

    const always = scriptedFetch([limited]);
    await expect(
      createClient({ fetch: always.fetch, baseUrl: "http://x", retry: { attempts: 4 } }).get("/api/orders"),
    ).rejects.toMatchObject({ status: 429 });
    expect(always.requests).toHaveLength(4);

    const tooLong = scriptedFetch([{ ...limited, headers: { "retry-after": "3600" } }]);
    await expect(
      createClient({ fetch: tooLong.fetch, baseUrl: "http://x", retry: true }).get("/api/orders"),
    ).rejects.toMatchObject({ status: 429 });
    expect(tooLong.requests).toHaveLength(1);
  });

  it("pages a list by cursor while there is a next cursor, and by page number otherwise", async () => {
    const byCursor = scriptedFetch([
      { status: 200, body: { data: [1], meta: { pagination: { page: 1, totalPages: 9, nextCursor: "c2" } } } },
      { status: 200, body: { data: [2], meta: { pagination: { page: 1, totalPages: 9, nextCursor: null } } } },
    ]);
    const pages = [];
    for await (const page of createClient({ fetch: byCursor.fetch, baseUrl: "http://x" }).pages(
      "/api/catalog/entities",
      { query: { limit: 1 } },
    ))
      pages.push(page.data);
    expect(pages).toEqual([[1], [2]]);
    expect(new URL(byCursor.requests[1]?.url ?? "").searchParams.get("cursor")).toBe("c2");

    const byPage = scriptedFetch([
      { status: 200, body: { data: [1], meta: { pagination: { page: 1, totalPages: 2 } } } },
      { status: 200, body: { data: [2], meta: { pagination: { page: 2, totalPages: 2 } } } },
    ]);
    let count = 0;
    for await (const _page of createClient({ fetch: byPage.fetch, baseUrl: "http://x" }).pages("/api/orders")) count++;
    expect(count).toBe(2);
    expect(new URL(byPage.requests[1]?.url ?? "").searchParams.get("page")).toBe("2");
  });
});
