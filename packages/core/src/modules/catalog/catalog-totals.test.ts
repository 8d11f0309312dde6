import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, TEST_ORGANIZATION_ID, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "./catalog-test-helpers.js";

interface Filters {
  type?: string;
  status?: string;
  category?: string;
  brand?: string;
}

/** The list's total as `count(*)` over the catalog tables would answer it: what the maintained counts must equal. */
async function countedTotal(t: TestApp, organizationId: string, filters: Filters): Promise<number> {
  const result = await sql<{ count: string }>`
    select count(*) as count from catalog_entities e
    where e.organization_id = ${organizationId}
      and (${filters.type ?? null}::text is null or e.type = ${filters.type ?? null})
      and (${filters.status ?? null}::text is null or e.status = ${filters.status ?? null})
      and (${filters.category ?? null}::uuid is null or exists (select 1 from catalog_entity_categories l where l.entity_id = e.id and l.category_id = ${filters.category ?? null}))
      and (${filters.brand ?? null}::uuid is null or exists (select 1 from catalog_entity_brands l where l.entity_id = e.id and l.brand_id = ${filters.brand ?? null}))`.execute(
    t.db,
  );
  return Number(result.rows[0]?.count ?? -1);
}

/** `meta.pagination.total` of a one-row page (a full page, so the total comes from the counts, not from the page). */
async function listedTotal(t: TestApp, filters: Filters): Promise<number> {
  const query = new URLSearchParams({ limit: "1", ...filters });
  const response = await call(t.app, "GET", `/api/catalog/entities?${query.toString()}`);
  expect(response.status).toBe(200);
  return response.body.meta.pagination.total as number;
}

/** Every filter the counts answer, alone and combined, plus a category with a brand (answered by `count(*)`). */
function filterCombinations(categoryIds: readonly string[], brandIds: readonly string[]): Filters[] {
  const combinations: Filters[] = [{}];
  for (const status of ["active", "draft", "archived"]) combinations.push({ status });
  for (const type of ["product", "service"]) {
    combinations.push({ type });
    for (const status of ["active", "draft"]) combinations.push({ type, status });
  }
  for (const category of categoryIds)
    combinations.push({ category }, { category, status: "active" }, { category, type: "product", status: "active" });
  for (const brand of brandIds) combinations.push({ brand }, { brand, status: "draft" });
  combinations.push({ category: categoryIds[0] as string, brand: brandIds[0] as string });
  return combinations;
}

async function expectExactTotals(
  t: TestApp,
  categoryIds: readonly string[],
  brandIds: readonly string[],
): Promise<void> {
  for (const filters of filterCombinations(categoryIds, brandIds)) {
    expect({ filters, total: await listedTotal(t, filters) }).toEqual({
      filters,
      total: await countedTotal(t, TEST_ORGANIZATION_ID, filters),
    });
  }
}

describe("exact list totals from maintained counts", () => {
  let t: TestApp;
  const categoryIds: string[] = [];
  const brandIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    for (const slug of ["shoes", "hats"])
      categoryIds.push(
        (await call(t.app, "POST", "/api/catalog/categories", { body: { name: slug, slug } })).body.data.id,
      );
    for (const slug of ["acme", "globex"])
      brandIds.push((await call(t.app, "POST", "/api/catalog/brands", { body: { name: slug, slug } })).body.data.id);
  });
  afterAll(() => t.close());

  it("answers totals equal to count(*) after creates, links, status moves, type changes and deletes", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await createEntity(t.app, {
          slug: `total-${i}`,
          type: i % 3 === 0 ? "service" : "product",
          status: i % 4 === 0 ? "draft" : "active",
        }),
      );
    }
    for (const [index, id] of ids.entries()) {
      await call(t.app, "POST", `/api/catalog/entities/${id}/categories/${categoryIds[index % 2]}`);
      if (index % 3 !== 1) await call(t.app, "POST", `/api/catalog/entities/${id}/brands/${brandIds[index % 2]}`);
    }
    await expectExactTotals(t, categoryIds, brandIds);
    await call(t.app, "POST", `/api/catalog/entities/${ids[0]}/publish`);
    await call(t.app, "POST", `/api/catalog/entities/${ids[1]}/archive`);
    await call(t.app, "PATCH", `/api/catalog/entities/${ids[2]}`, { body: { type: "service" } });
    await call(t.app, "DELETE", `/api/catalog/entities/${ids[3]}/categories/${categoryIds[1]}`);
    await call(t.app, "DELETE", `/api/catalog/entities/${ids[5]}`);
    await call(t.app, "DELETE", `/api/catalog/entities/${ids[6]}`);
    await expectExactTotals(t, categoryIds, brandIds);
  });

  it("keeps a deleted category's counts out of every total", async () => {
    const id = await createEntity(t.app, { slug: "in-doomed-category" });
    const doomed = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Doomed", slug: "doomed" } }))
      .body.data.id as string;
    await call(t.app, "POST", `/api/catalog/entities/${id}/categories/${doomed}`);
    expect(await listedTotal(t, { category: doomed })).toBe(1);
    await call(t.app, "DELETE", `/api/catalog/categories/${doomed}`);
    expect(await listedTotal(t, { category: doomed })).toBe(0);
    await expectExactTotals(t, categoryIds, brandIds);
  });

  it("counts only active entities for a storefront, and nothing for a status it cannot see", async () => {
    const storefront = await call(t.app, "GET", "/api/catalog/entities?limit=1", { actor: storefrontActor });
    expect(storefront.body.meta.pagination.total).toBe(
      await countedTotal(t, TEST_ORGANIZATION_ID, { status: "active" }),
    );
    const drafts = await call(t.app, "GET", "/api/catalog/entities?limit=1&status=draft", { actor: storefrontActor });
    expect(drafts.body).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  it("keeps another organization's entities out of this store's totals, and this store's out of theirs", async () => {
    const before = await listedTotal(t, {});
    await createEntity(t.app, { slug: "elsewhere" }, otherOrgAdmin);
    expect(await listedTotal(t, {})).toBe(before);
    const theirs = await call(t.app, "GET", "/api/catalog/entities?limit=1", { actor: otherOrgAdmin });
    expect(theirs.body.meta.pagination.total).toBe(1);
  });

  it("pages through the list in order, each entity once, for every sort (deep pages read ids first)", async () => {
    for (const sort of ["createdAt:desc", "updatedAt:asc", "slug:asc", "type:desc", "status:asc"]) {
      const whole = (await call(t.app, "GET", `/api/catalog/entities?limit=100&sort=${sort}`)).body.data.map(
        (e: { id: string }) => e.id,
      );
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 3); page++) {
        paged.push(
          ...(await call(t.app, "GET", `/api/catalog/entities?limit=3&page=${page}&sort=${sort}`)).body.data.map(
            (e: { id: string }) => e.id,
          ),
        );
      }
      expect({ sort, paged }).toEqual({ sort, paged: whole });
    }
  });

  it("answers the total of a page past the end, and of a short last page", async () => {
    const total = await listedTotal(t, {});
    const past = await call(t.app, "GET", "/api/catalog/entities?limit=5&page=100");
    expect(past.body).toMatchObject({ data: [], meta: { pagination: { total } } });
    const last = await call(t.app, "GET", `/api/catalog/entities?limit=5&page=${Math.ceil(total / 5)}`);
    expect(last.body.meta.pagination.total).toBe(total);
  });
});

describe.runIf(isPostgresTestRun())("exact list totals under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  const categoryIds: string[] = [];
  const brandIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    for (const slug of ["c1", "c2"])
      categoryIds.push(
        (await call(t.app, "POST", "/api/catalog/categories", { body: { name: slug, slug } })).body.data.id,
      );
    for (const slug of ["b1", "b2"])
      brandIds.push((await call(t.app, "POST", "/api/catalog/brands", { body: { name: slug, slug } })).body.data.id);
  });
  afterAll(() => t.close());

  it("keeps every total exact through many concurrent creates, deletes, status moves and link changes", async () => {
    const seeded: string[] = [];
    for (let i = 0; i < 40; i++)
      seeded.push(
        await createEntity(t.app, {
          slug: `seed-${i}`,
          status: i % 2 === 0 ? "draft" : "active",
          type: i % 5 === 0 ? "service" : "product",
        }),
      );
    for (const [index, id] of seeded.entries())
      await call(t.app, "POST", `/api/catalog/entities/${id}/categories/${categoryIds[index % 2]}`);
    const moves = ["publish", "archive", "discontinue"] as const;
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++)
      requests.push(
        createEntity(t.app, {
          slug: `burst-${i}`,
          status: i % 3 === 0 ? "draft" : "active",
          type: i % 4 === 0 ? "service" : "product",
        }),
      );
    for (const [index, id] of seeded.entries()) {
      if (index % 4 === 0) requests.push(call(t.app, "DELETE", `/api/catalog/entities/${id}`));
      else if (index % 4 === 1) requests.push(call(t.app, "POST", `/api/catalog/entities/${id}/${moves[index % 3]}`));
      else if (index % 4 === 2)
        requests.push(call(t.app, "POST", `/api/catalog/entities/${id}/brands/${brandIds[index % 2]}`));
      else requests.push(call(t.app, "DELETE", `/api/catalog/entities/${id}/categories/${categoryIds[index % 2]}`));
      // The same entity moved twice at once: the second waits for the first, both are counted once.
      if (index % 8 === 1) requests.push(call(t.app, "POST", `/api/catalog/entities/${id}/publish`));
    }
    const results = await Promise.allSettled(requests);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    // Every status move is allowed from every status here: a refusal or a deadlock would show as a non-2xx.
    const statuses = results.flatMap((result) =>
      result.status === "fulfilled" && typeof result.value === "object" && result.value !== null
        ? [(result.value as { status: number }).status]
        : [],
    );
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    await expectExactTotals(t, categoryIds, brandIds);
    expect(await listedTotal(t, {})).toBe(40 - 10 + 60);
  });
});
