import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "./catalog-test-helpers.js";

describe("catalog listing, taxonomy and includes", () => {
  let t: TestApp;
  let categoryId: string;
  let brandId: string;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Shirts", slug: "shirts" } }))
      .body.data.id;
    brandId = (await call(t.app, "POST", "/api/catalog/brands", { body: { name: "Acme", slug: "acme" } })).body.data.id;
    for (let i = 0; i < 5; i++) {
      ids.push(
        await createEntity(t.app, {
          slug: `list-${i}`,
          type: i < 3 ? "product" : "digitalDownload",
          status: i === 4 ? "draft" : "active",
          attributes: { en: { title: `Item ${i}` } },
        }),
      );
    }
  });
  afterAll(() => t.close());

  it("does category and brand CRUD with 409 on a duplicate slug", async () => {
    expect(
      (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Dup", slug: "shirts" } })).status,
    ).toBe(409);
    const child = await call(t.app, "POST", "/api/catalog/categories", {
      body: { name: "Tees", slug: "tees", parentId: categoryId },
    });
    expect(child.body.data.parentId).toBe(categoryId);
    expect(
      (await call(t.app, "PATCH", `/api/catalog/categories/${child.body.data.id}`, { body: { name: "T-Shirts" } })).body
        .data.name,
    ).toBe("T-Shirts");
    expect((await call(t.app, "GET", "/api/catalog/categories")).body.meta.pagination.total).toBe(2);
    expect((await call(t.app, "DELETE", `/api/catalog/categories/${child.body.data.id}`)).status).toBe(200);
    const brand = await call(t.app, "POST", "/api/catalog/brands", { body: { name: "Other", slug: "other" } });
    expect(
      (await call(t.app, "PATCH", `/api/catalog/brands/${brand.body.data.id}`, { body: { description: "d" } })).body
        .data.description,
    ).toBe("d");
    expect((await call(t.app, "DELETE", `/api/catalog/brands/${brand.body.data.id}`)).status).toBe(200);
    expect((await call(t.app, "GET", "/api/catalog/brands")).body.data.map((b: { slug: string }) => b.slug)).toEqual([
      "acme",
    ]);
  });

  it("attaches and detaches categories and brands, and filters by them", async () => {
    expect((await call(t.app, "POST", `/api/catalog/entities/${ids[0]}/categories/${categoryId}`)).status).toBe(200);
    await call(t.app, "POST", `/api/catalog/entities/${ids[1]}/categories/${categoryId}`);
    await call(t.app, "POST", `/api/catalog/entities/${ids[1]}/brands/${brandId}`);
    const byCategory = await call(t.app, "GET", `/api/catalog/entities?category=${categoryId}&sort=slug:asc`);
    expect(byCategory.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0], ids[1]]);
    expect(
      (await call(t.app, "GET", `/api/catalog/entities?brand=${brandId}`)).body.data.map((e: { id: string }) => e.id),
    ).toEqual([ids[1]]);
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${ids[0]}/categories/${categoryId}`)).status).toBe(200);
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${ids[0]}/categories/${categoryId}`)).status).toBe(404);
    const withTaxonomy = await call(t.app, "GET", `/api/catalog/entities/${ids[1]}?include=categories,brands`);
    expect(withTaxonomy.body.data.categories).toEqual([expect.objectContaining({ id: categoryId, slug: "shirts" })]);
    expect(withTaxonomy.body.data.brands).toEqual([expect.objectContaining({ id: brandId, slug: "acme" })]);
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${ids[1]}/brands/${brandId}`)).status).toBe(200);
  });

  it("filters by type and status, sorts, pages and reports pagination", async () => {
    const products = await call(t.app, "GET", "/api/catalog/entities?type=product&sort=slug:desc&limit=2&page=1");
    expect(products.body.data.map((e: { slug: string }) => e.slug)).toEqual(["list-2", "list-1"]);
    expect(products.body.meta.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      nextCursor: expect.any(String),
    });
    const page2 = await call(t.app, "GET", "/api/catalog/entities?type=product&sort=slug:desc&limit=2&page=2");
    expect(page2.body.data.map((e: { slug: string }) => e.slug)).toEqual(["list-0"]);
    const past = await call(t.app, "GET", "/api/catalog/entities?type=product&limit=2&page=5");
    expect(past.body).toMatchObject({ data: [], meta: { pagination: { total: 3 } } });
    expect(
      (await call(t.app, "GET", "/api/catalog/entities?status=draft")).body.data.map((e: { id: string }) => e.id),
    ).toEqual([ids[4]]);
  });

  it("refuses unknown sort fields, bad directions, unknown includes and a limit above 100 with 422", async () => {
    for (const query of [
      "sort=price:asc",
      "sort=slug:up",
      "sort=slug",
      "include=attributes,bogus",
      "limit=101",
      "page=0",
      "category=not-a-uuid",
    ]) {
      const response = await call(t.app, "GET", `/api/catalog/entities?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("answers includes for a whole page with a fixed number of queries", async () => {
    for (const id of ids.slice(0, 3))
      await call(t.app, "POST", `/api/catalog/entities/${id}/variants/bulk`, {
        body: { axes: [{ name: "Size", values: ["S", "M"] }] },
      });
    const queries: string[] = [];
    const count = async (limit: number) => {
      queries.length = 0;
      const original = t.kernel.database.db.getExecutor();
      const spy = original.executeQuery.bind(original);
      original.executeQuery = (async (compiled: Parameters<typeof spy>[0]) => {
        queries.push(compiled.sql);
        return spy(compiled);
      }) as typeof original.executeQuery;
      try {
        const response = await call(
          t.app,
          "GET",
          `/api/catalog/entities?limit=${limit}&include=attributes,variants,optionTypes,categories,brands,customFields,media,inventory`,
        );
        expect(response.status).toBe(200);
        return { n: queries.length, rows: response.body.data.length };
      } finally {
        original.executeQuery = spy;
      }
    };
    const one = await count(1);
    const many = await count(5);
    expect(one.rows).toBe(1);
    expect(many.rows).toBe(5);
    expect(one.n).toBeGreaterThanOrEqual(3);
    expect(many.n).toBe(one.n);
    expect(many.n).toBeLessThanOrEqual(9);
  });

  // A list page splices JSON written by PostgreSQL; a single read goes through the route's output schema,
  // which writes only declared fields. Both must answer the same entities, byte for byte once parsed.
  it("answers every entity of a page with all includes exactly as its single read does", async () => {
    await call(t.app, "PUT", `/api/catalog/entities/${ids[0]}/attributes/de`, {
      body: { title: "Artikel 0", seoTitle: 'S"eo \u2028 ü' },
    });
    const include = "attributes,variants,optionTypes,categories,brands,customFields,media,inventory,pricing";
    const page = await call(t.app, "GET", `/api/catalog/entities?limit=100&include=${include}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(page.body.data.length).toBeGreaterThanOrEqual(5);
    expect(page.body.data.find((entity: { id: string }) => entity.id === ids[0]).attributes.de).toEqual({
      locale: "de",
      title: "Artikel 0",
      description: null,
      seoTitle: 'S"eo \u2028 ü',
      seoDescription: null,
    });
    for (const listed of page.body.data) {
      const single = await call(t.app, "GET", `/api/catalog/entities/${listed.id}?include=${include}`);
      expect(listed).toEqual(single.body.data);
    }
    const bare = await call(t.app, "GET", "/api/catalog/entities?limit=1");
    expect(Object.keys(bare.body.data[0]).sort()).toEqual([
      "createdAt",
      "id",
      "metadata",
      "slug",
      "source",
      "sourceStoreId",
      "status",
      "type",
      "updatedAt",
    ]);
  });
  it("pages 20 entities by default and at most 100", async () => {
    for (let i = 0; i < 21; i++)
      await createEntity(t.app, { slug: `lamp-${String(i).padStart(2, "0")}`, type: "lamp" });
    const first = await call(t.app, "GET", "/api/catalog/entities?type=lamp&sort=slug:asc");
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 21,
      totalPages: 2,
      nextCursor: expect.any(String),
    });
    const second = await call(t.app, "GET", "/api/catalog/entities?type=lamp&sort=slug:asc&page=2");
    expect(second.body.data.map((e: { slug: string }) => e.slug)).toEqual(["lamp-20"]);
    expect((await call(t.app, "GET", "/api/catalog/entities?type=lamp&limit=100")).body.data).toHaveLength(21);
  });

  it("keeps taxonomy of one organization away from another", async () => {
    const attempts = await Promise.all([
      call(t.app, "PATCH", `/api/catalog/categories/${categoryId}`, {
        actor: otherOrgAdmin,
        body: { name: "Hijacked" },
      }),
      call(t.app, "DELETE", `/api/catalog/categories/${categoryId}`, { actor: otherOrgAdmin }),
      call(t.app, "PATCH", `/api/catalog/brands/${brandId}`, { actor: otherOrgAdmin, body: { name: "Hijacked" } }),
      call(t.app, "DELETE", `/api/catalog/brands/${brandId}`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/catalog/entities/${ids[2]}/categories/${categoryId}`, { actor: otherOrgAdmin }),
      call(t.app, "DELETE", `/api/catalog/entities/${ids[1]}/categories/${categoryId}`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/catalog/entities/${ids[2]}/brands/${brandId}`, { actor: otherOrgAdmin }),
      call(t.app, "DELETE", `/api/catalog/entities/${ids[1]}/brands/${brandId}`, { actor: otherOrgAdmin }),
    ]);
    for (const response of attempts) expect(response.status).toBe(404);
    expect((await call(t.app, "GET", "/api/catalog/categories", { actor: otherOrgAdmin })).body.data).toEqual([]);
    expect((await call(t.app, "GET", "/api/catalog/brands", { actor: otherOrgAdmin })).body.data).toEqual([]);
    expect(
      (await call(t.app, "GET", "/api/catalog/categories")).body.data.map((c: { name: string }) => c.name),
    ).toEqual(["Shirts"]);
    expect((await call(t.app, "GET", "/api/catalog/brands")).body.data.map((b: { name: string }) => b.name)).toEqual([
      "Acme",
    ]);
    expect(
      (await call(t.app, "GET", `/api/catalog/entities/${ids[1]}?include=categories`)).body.data.categories,
    ).toHaveLength(1);
  });
});
