import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "../catalog/testing.js";

/** Five entities with titles, a category, a brand and filterable custom fields. */
async function seed(t: TestApp) {
  await call(t.app, "POST", "/api/admin/entity-field-definitions", {
    body: { entityType: "product", name: "color", dataType: "string", filterable: true },
  });
  await call(t.app, "POST", "/api/admin/entity-field-definitions", {
    body: { entityType: "product", name: "size", dataType: "string", filterable: true },
  });
  await call(t.app, "POST", "/api/admin/entity-field-definitions", {
    body: { entityType: "product", name: "secret", dataType: "string" },
  });
  const category = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Shirts", slug: "shirts" } }))
    .body.data.id as string;
  const brand = (await call(t.app, "POST", "/api/catalog/brands", { body: { name: "Acme", slug: "acme" } })).body.data
    .id as string;
  const make = async (
    slug: string,
    title: string,
    customFields: Record<string, string>,
    status = "active",
    type = "product",
  ) =>
    createEntity(t.app, {
      slug,
      type,
      status,
      attributes: { en: { title, description: `${title} made with care` } },
      customFields,
    });
  const ids = {
    redShirt: await make("red-shirt", "Red cotton shirt", { color: "red", size: "m", secret: "x" }),
    blueShirt: await make("blue-shirt", "Blue linen shirt", { color: "blue", size: "l" }),
    redHat: await make("red-hat", "Red wool hat", { color: "red", size: "s" }),
    draftShirt: await make("draft-shirt", "Green shirt prototype", { color: "green" }, "draft"),
    ebook: await make("shirt-ebook", "Shirt folding guide", {}, "active", "digitalDownload"),
  };
  await call(t.app, "POST", `/api/catalog/entities/${ids.redShirt}/categories/${category}`);
  await call(t.app, "POST", `/api/catalog/entities/${ids.blueShirt}/categories/${category}`);
  await call(t.app, "POST", `/api/catalog/entities/${ids.blueShirt}/brands/${brand}`);
  return { ids, category, brand };
}

const slugs = (body: { data: { slug: string }[] }) => body.data.map((hit) => hit.slug).sort();

describe("search with the PostgreSQL adapter", () => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { search: { adapter: "postgres" } } });
    seeded = await seed(t);
  });
  afterAll(() => t.close());

  it("ranks full-text hits, title first, and hides unpublished entities from the storefront", async () => {
    const response = await call(t.app, "GET", "/api/search?q=shirt", { actor: storefrontActor });
    expect(response.status).toBe(200);
    expect(slugs(response.body)).toEqual(["blue-shirt", "red-shirt", "shirt-ebook"]);
    expect(response.body.meta).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(response.body.data[0].score).toBeGreaterThan(0);
    const staff = await call(t.app, "GET", "/api/search?q=shirt");
    expect(slugs(staff.body)).toContain("draft-shirt");
    expect(slugs((await call(t.app, "GET", "/api/search?q=wool", { actor: storefrontActor })).body)).toEqual([
      "red-hat",
    ]);
  });

  it("filters by type, category, brand and status", async () => {
    expect(slugs((await call(t.app, "GET", "/api/search?q=shirt&type=digitalDownload")).body)).toEqual(["shirt-ebook"]);
    expect(slugs((await call(t.app, "GET", `/api/search?category=${seeded.category}`)).body)).toEqual([
      "blue-shirt",
      "red-shirt",
    ]);
    expect(slugs((await call(t.app, "GET", `/api/search?brand=${seeded.brand}`)).body)).toEqual(["blue-shirt"]);
    expect(slugs((await call(t.app, "GET", "/api/search?status=draft")).body)).toEqual(["draft-shirt"]);
  });

  it("ORs repeated values of one attribute and ANDs different attributes", async () => {
    expect(slugs((await call(t.app, "GET", "/api/search?attr.color=red")).body)).toEqual(["red-hat", "red-shirt"]);
    expect(slugs((await call(t.app, "GET", "/api/search?attr.color=red&attr.color=blue")).body)).toEqual([
      "blue-shirt",
      "red-hat",
      "red-shirt",
    ]);
    expect(slugs((await call(t.app, "GET", "/api/search?attr.color=red&attr.color=blue&attr.size=l")).body)).toEqual([
      "blue-shirt",
    ]);
    expect(slugs((await call(t.app, "GET", "/api/search?attr.secret=x")).body)).toEqual([]);
  });

  it("refuses attribute and facet names outside ^[A-Za-z0-9_-]+$ with 422", async () => {
    for (const query of [
      "attr.co%20lor=red",
      "attr.=red",
      "attr.a.b=1",
      "facets=type,bad!name",
      "limit=101",
      "category=nope",
    ]) {
      const response = await call(t.app, "GET", `/api/search?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("counts facets keyed by field and attribute name over the matching entities", async () => {
    const response = await call(t.app, "GET", "/api/search?q=shirt&facets=type,category,brand,status,color", {
      actor: storefrontActor,
    });
    expect(response.body.meta.facets).toEqual({
      type: { product: 2, digitalDownload: 1 },
      category: { [seeded.category]: 2 },
      brand: { [seeded.brand]: 1 },
      status: { active: 3 },
      color: { blue: 1, red: 1 },
    });
  });

  it("takes attribute names that are also object keys (constructor, __proto__, toString) as attributes, in facets and filters", async () => {
    const response = await call(t.app, "GET", "/api/search?q=shirt&facets=constructor,__proto__,toString,type", {
      actor: storefrontActor,
    });
    expect(response.status).toBe(200);
    expect(response.body.meta.facets).toMatchObject({
      constructor: {},
      toString: {},
      type: { product: 2, digitalDownload: 1 },
    });
    for (const filter of ["attr.constructor=x", "attr.__proto__=x", "attr.toString=a&attr.toString=b"]) {
      const filtered = await call(t.app, "GET", `/api/search?q=shirt&${filter}`, { actor: storefrontActor });
      expect(filtered.status, filter).toBe(200);
      expect(filtered.body.data, filter).toEqual([]);
    }
    // A store's own filterable field may carry such a name too: indexed, faceted and filtered like any other.
    const field = await call(t.app, "POST", "/api/admin/entity-field-definitions", {
      body: { entityType: "product", name: "toString", dataType: "string", filterable: true },
    });
    expect(field.status).toBe(201);
    await createEntity(t.app, {
      slug: "builder-kit",
      attributes: { en: { title: "Builder kit" } },
      customFields: { toString: "lego" },
    });
    const built = await call(t.app, "GET", "/api/search?q=builder&facets=toString&attr.toString=lego", {
      actor: storefrontActor,
    });
    expect(built.status).toBe(200);
    expect(slugs(built.body)).toEqual(["builder-kit"]);
    expect(built.body.meta.facets).toEqual({ toString: { lego: 1 } });
  });

  it("pages results", async () => {
    const first = await call(t.app, "GET", "/api/search?q=shirt&limit=2&page=1", { actor: storefrontActor });
    const second = await call(t.app, "GET", "/api/search?q=shirt&limit=2&page=2", { actor: storefrontActor });
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta.total).toBe(3);
    expect(new Set([...slugs(first.body), ...slugs(second.body)]).size).toBe(3);
  });

  it("follows catalog changes: attribute edits, approved values, status moves and deletes", async () => {
    await call(t.app, "PUT", `/api/catalog/entities/${seeded.ids.redHat}/attributes/en`, {
      body: { title: "Crimson beanie" },
    });
    expect(slugs((await call(t.app, "GET", "/api/search?q=beanie")).body)).toEqual(["red-hat"]);
    await call(t.app, "PATCH", `/api/catalog/entities/${seeded.ids.redHat}`, {
      body: { customFields: { color: "crimson" } },
    });
    expect(slugs((await call(t.app, "GET", "/api/search?attr.color=crimson")).body)).toEqual(["red-hat"]);
    await call(t.app, "POST", `/api/catalog/entities/${seeded.ids.redHat}/archive`);
    expect((await call(t.app, "GET", "/api/search?q=beanie", { actor: storefrontActor })).body.data).toEqual([]);
    await call(t.app, "DELETE", `/api/catalog/entities/${seeded.ids.redHat}`);
    expect((await call(t.app, "GET", "/api/search?q=beanie")).body.data).toEqual([]);
    const secret = await call(t.app, "GET", "/api/admin/entity-field-definitions?entityType=product");
    const secretId = secret.body.data.find((d: { name: string }) => d.name === "secret").id;
    await call(t.app, "PATCH", `/api/admin/entity-field-definitions/${secretId}`, { body: { filterable: true } });
    expect(slugs((await call(t.app, "GET", "/api/search?attr.secret=x")).body)).toEqual(["red-shirt"]);
  });

  it("suggests by title prefix, with a type filter and a default limit of 10", async () => {
    const response = await call(t.app, "GET", "/api/search/suggest?prefix=shi", { actor: storefrontActor });
    expect(response.body.data.map((s: { slug: string }) => s.slug).sort()).toEqual([
      "blue-shirt",
      "red-shirt",
      "shirt-ebook",
    ]);
    expect(
      (await call(t.app, "GET", "/api/search/suggest?prefix=shirt%20fol")).body.data.map(
        (s: { slug: string }) => s.slug,
      ),
    ).toEqual(["shirt-ebook"]);
    expect((await call(t.app, "GET", "/api/search/suggest?prefix=shi&type=digitalDownload")).body.data).toHaveLength(1);
    expect((await call(t.app, "GET", "/api/search/suggest")).status).toBe(422);
  });

  it("finds nothing of another organization", async () => {
    expect((await call(t.app, "GET", "/api/search?q=shirt", { actor: otherOrgAdmin })).body).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
    expect(
      (await call(t.app, "GET", "/api/search?q=shirt&facets=type", { actor: otherOrgAdmin })).body.meta.facets,
    ).toEqual({ type: {} });
    expect((await call(t.app, "GET", "/api/search/suggest?prefix=shi", { actor: otherOrgAdmin })).body.data).toEqual(
      [],
    );
    expect(
      (await call(t.app, "GET", `/api/search?category=${seeded.category}`, { actor: otherOrgAdmin })).body.data,
    ).toEqual([]);
    const documents = await sql<{
      count: number;
    }>`select count(*)::int as count from search_documents where organization_id = 'other-store'`.execute(t.db);
    expect(documents.rows[0]?.count).toBe(0);
  });
});

describe("search without an adapter (fallback)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t);
  });
  afterAll(() => t.close());

  it("needs a query or a filter; facets alone return an empty result", async () => {
    expect((await call(t.app, "GET", "/api/search")).status).toBe(422);
    const facetsOnly = await call(t.app, "GET", "/api/search?facets=type");
    expect(facetsOnly.status).toBe(200);
    expect(facetsOnly.body).toMatchObject({ data: [], meta: { total: 0, page: 1, limit: 20, facets: { type: {} } } });
  });

  it("matches title substrings with the same filters, attribute rules and visibility", async () => {
    expect(slugs((await call(t.app, "GET", "/api/search?q=shirt", { actor: storefrontActor })).body)).toEqual([
      "blue-shirt",
      "red-shirt",
      "shirt-ebook",
    ]);
    expect(slugs((await call(t.app, "GET", "/api/search?attr.color=red&attr.color=blue&attr.size=l")).body)).toEqual([
      "blue-shirt",
    ]);
    expect(slugs((await call(t.app, "GET", "/api/search?attr.secret=x")).body)).toEqual([]);
    expect((await call(t.app, "GET", "/api/search?attr.bad!=x")).status).toBe(422);
    expect(
      (await call(t.app, "GET", "/api/search/suggest?prefix=red")).body.data.map((s: { slug: string }) => s.slug),
    ).toEqual(["red-shirt", "red-hat"]);
    expect((await call(t.app, "GET", "/api/search?q=shirt", { actor: otherOrgAdmin })).body.data).toEqual([]);
  });
});

describe.each([
  ["the PostgreSQL adapter", { search: { adapter: "postgres" as const } }],
  ["the fallback", {}],
])("suggest and search limits with %s", (_name, config) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config });
    for (let i = 0; i < 12; i++)
      await createEntity(t.app, { slug: `lamp-${i}`, attributes: { en: { title: `Lamp model ${i}` } } });
  });
  afterAll(() => t.close());

  it("suggests 10 entities by default, more on request, and refuses a limit above 100", async () => {
    expect((await call(t.app, "GET", "/api/search/suggest?prefix=lam")).body.data).toHaveLength(10);
    expect((await call(t.app, "GET", "/api/search/suggest?prefix=lam&limit=12")).body.data).toHaveLength(12);
    expect((await call(t.app, "GET", "/api/search/suggest?prefix=lam&limit=101")).status).toBe(422);
  });

  it("answers 20 hits by default and pages the rest", async () => {
    for (let i = 12; i < 22; i++)
      await createEntity(t.app, { slug: `lamp-${i}`, attributes: { en: { title: `Lamp model ${i}` } } });
    const first = await call(t.app, "GET", "/api/search?q=lamp");
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toMatchObject({ total: 22, page: 1, limit: 20 });
    const second = await call(t.app, "GET", "/api/search?q=lamp&page=2");
    expect(second.body.data).toHaveLength(2);
    const seen = new Set([...first.body.data, ...second.body.data].map((hit: { slug: string }) => hit.slug));
    expect(seen.size).toBe(22);
  });
});
