import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "../catalog/testing.js";

/** Facet counts summed: how many candidates a facet saw. */
const facetSum = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

describe("search with a bounded candidate set (candidateLimit 5)", () => {
  let t: TestApp;
  let category: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { search: { adapter: "postgres", candidateLimit: 5 } } });
    category = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Packs", slug: "packs" } })).body
      .data.id as string;
    for (let i = 0; i < 8; i++) {
      const id = await createEntity(t.app, {
        slug: `gear-${i}`,
        type: i < 6 ? "product" : "service",
        attributes: { en: { title: `Trail gear ${i}${i < 2 ? " rare" : ""}` } },
      });
      if (i % 2 === 0) await call(t.app, "POST", `/api/catalog/entities/${id}/categories/${category}`);
    }
    await createEntity(t.app, { slug: "draft-gear", status: "draft", attributes: { en: { title: "Draft gear" } } });
  });
  afterAll(() => t.close());

  it("answers a query matching fewer entities than the limit exactly, with exact facets", async () => {
    const response = await call(t.app, "GET", "/api/search?q=rare&facets=type,category");
    expect(response.status).toBe(200);
    expect(response.body.data.map((hit: { slug: string }) => hit.slug).sort()).toEqual(["gear-0", "gear-1"]);
    expect(response.body.meta).toMatchObject({
      total: 2,
      isTotalExact: true,
      facets: { type: { product: 2 }, category: { [category]: 1 } },
    });
  });

  it("ranks, pages and facets at most the limit for a broad query, and says the total is not exact", async () => {
    const first = await call(t.app, "GET", "/api/search?q=gear&facets=type&limit=3", { actor: storefrontActor });
    expect(first.body.meta).toMatchObject({ total: 5, isTotalExact: false, page: 1, limit: 3 });
    expect(first.body.data).toHaveLength(3);
    expect(facetSum(first.body.meta.facets.type)).toBe(5);
    const second = await call(t.app, "GET", "/api/search?q=gear&facets=type&limit=3&page=2", {
      actor: storefrontActor,
    });
    expect(second.body.data).toHaveLength(2);
    const seen = [...first.body.data, ...second.body.data].map((hit: { slug: string }) => hit.slug);
    expect(new Set(seen).size).toBe(5);
    expect(seen).not.toContain("draft-gear");
    expect(
      (await call(t.app, "GET", "/api/search?q=gear&limit=3&page=3", { actor: storefrontActor })).body.data,
    ).toEqual([]);
  });

  it("answers the exact total of a filter-only search from the catalog's counts", async () => {
    const all = await call(t.app, "GET", "/api/search?facets=type", { actor: storefrontActor });
    expect(all.body.meta).toMatchObject({ total: 8, isTotalExact: true });
    const inCategory = await call(t.app, "GET", `/api/search?category=${category}`, { actor: storefrontActor });
    expect(inCategory.body.meta).toMatchObject({ total: 4, isTotalExact: true });
    const drafts = await call(t.app, "GET", "/api/search?status=draft", { actor: storefrontActor });
    expect(drafts.body).toMatchObject({ data: [], meta: { total: 0 } });
    const staffDrafts = await call(t.app, "GET", "/api/search?status=draft");
    expect(staffDrafts.body.meta).toMatchObject({ total: 1, isTotalExact: true });
  });

  it("shows another organization none of these candidates", async () => {
    const theirs = await call(t.app, "GET", "/api/search?q=gear&facets=type", { actor: otherOrgAdmin });
    expect(theirs.body).toMatchObject({ data: [], meta: { total: 0, isTotalExact: true, facets: { type: {} } } });
  });
});

describe("search without an adapter (the fallback) on listPage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 4; i++)
      await createEntity(t.app, {
        slug: `plain-${i}`,
        status: i === 3 ? "draft" : "active",
        attributes: { en: { title: `Plain mug ${i}` } },
      });
  });
  afterAll(() => t.close());

  it("answers exact totals for a filter alone (maintained counts) and for a query (count when the page cannot tell)", async () => {
    expect((await call(t.app, "GET", "/api/search?type=product&limit=1")).body.meta).toMatchObject({
      total: 4,
      isTotalExact: true,
    });
    expect(
      (await call(t.app, "GET", "/api/search?type=product&limit=1", { actor: storefrontActor })).body.meta.total,
    ).toBe(3);
    expect(
      (await call(t.app, "GET", "/api/search?type=product&status=draft&limit=1", { actor: storefrontActor })).body.meta
        .total,
    ).toBe(0);
    const query = await call(t.app, "GET", "/api/search?q=mug&limit=2&page=2");
    expect(query.body.data).toHaveLength(2);
    expect(query.body.meta.total).toBe(4);
  });
});
