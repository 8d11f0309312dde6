import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, testAdminActor, type TestApp } from "../../testing/index.js";
import type { Actor } from "../../kernel/actor.js";
import type { CatalogTables } from "./catalog-tables.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "./catalog-test-helpers.js";
import type { EntityListFilters, EntitySortField } from "./entity-listing.js";
import { ANCHOR_SPACING, PageAnchors } from "./page-anchors.js";

const ENTITIES = 3 * ANCHOR_SPACING + 20;
const LIMIT = 9;
const SORTS = ["createdAt:desc", "slug:asc", "updatedAt:desc", "status:asc", "type:desc"] as const;

interface Listed {
  id: string;
}

/**
 * Deep pages through page anchors (`page-anchors.ts`) must answer exactly what an offset reads, after any
 * write by any process. Every expectation here is a plain `order by ... offset` on the table itself.
 */
describe("catalog lists: deep pages through page anchors", () => {
  let t: TestApp;
  let categoryId: string;

  /** The ids an offset over the table answers for this list and window. */
  async function offsetIds(
    filters: EntityListFilters,
    sort: string,
    offset: number,
    limit: number,
    organizationId = "default",
  ): Promise<string[]> {
    const [field, direction] = sort.split(":") as [EntitySortField, "asc" | "desc"];
    let select = t.db
      .withTables<CatalogTables>()
      .selectFrom("catalogEntities")
      .select("id")
      .where("organizationId", "=", organizationId);
    if (filters.type) select = select.where("type", "=", filters.type);
    if (filters.status) select = select.where("status", "=", filters.status);
    if (filters.category) {
      const category = filters.category;
      select = select.where("id", "in", (eb) =>
        eb.selectFrom("catalogEntityCategories").select("entityId").where("categoryId", "=", category),
      );
    }
    const rows = await select.orderBy(field, direction).orderBy("id", direction).offset(offset).limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** One page through the route, checked against the offset's answer; answers the route's ids. */
  async function expectPage(
    filters: EntityListFilters,
    sort: string,
    page: number,
    actor: Actor = testAdminActor,
  ): Promise<string[]> {
    const query = new URLSearchParams({ sort, limit: String(LIMIT), page: String(page), ...filters });
    const response = await call(t.app, "GET", `/api/catalog/entities?${query}`, { actor });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ids = response.body.data.map((entity: Listed) => entity.id);
    expect(ids, `${query}`).toEqual(await offsetIds(filters, sort, (page - 1) * LIMIT, LIMIT));
    return ids;
  }

  const generation = async () =>
    Number(
      (
        await sql<{
          total: string;
        }>`select coalesce(sum(generation), 0) as total from catalog_list_generations where organization_id = 'default'`.execute(
          t.db,
        )
      ).rows[0]?.total,
    );

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Lamps", slug: "lamps" } })).body
      .data.id;
    // Written in SQL for speed; the count and generation triggers run as for any write. Creation times
    // come in threes (ties the id breaks), slugs out of creation order, updates reorder `updatedAt`.
    await sql`
      insert into catalog_entities (id, organization_id, type, slug, status, created_at, updated_at)
      select gen_random_uuid(), 'default', case when i % 4 = 0 then 'service' else 'product' end, 'item-' || lpad(((i * 37) % ${ENTITIES})::text, 4, '0'),
        case when i % 5 = 1 then 'draft' else 'active' end, timestamptz '2026-01-01' + (i / 3) * interval '1 second',
        timestamptz '2026-06-01' - ((i * 11) % ${ENTITIES}) * interval '1 second'
      from generate_series(0, ${ENTITIES - 1}) i`.execute(t.db);
    await sql`
      insert into catalog_entity_categories (organization_id, entity_id, category_id)
      select 'default', id, ${categoryId}::uuid from catalog_entities where organization_id = 'default' and (slug like '%0' or slug like '%3' or slug like '%7')`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it("answers every page exactly as an offset, for each sort, filter and direction of walk", async () => {
    const lists: EntityListFilters[] = [{}, { type: "product" }, { status: "draft" }, { category: categoryId }];
    for (const filters of lists) {
      for (const sort of SORTS) {
        const pages = Math.ceil(ENTITIES / LIMIT) + 1;
        // Deepest first (one scan makes every anchor), then from the first page down (anchors extended).
        await expectPage(filters, sort, pages);
        for (let page = 1; page <= pages; page++) await expectPage(filters, sort, page);
      }
    }
  });

  it("answers a storefront its active entities only, through anchors of their own", async () => {
    for (const sort of SORTS) {
      for (const page of [20, 8, 15]) {
        const query = new URLSearchParams({ sort, limit: String(LIMIT), page: String(page) });
        const response = await call(t.app, "GET", `/api/catalog/entities?${query}`, { actor: storefrontActor });
        expect(response.status).toBe(200);
        expect(response.body.data.map((entity: Listed) => entity.id)).toEqual(
          await offsetIds({ status: "active" }, sort, (page - 1) * LIMIT, LIMIT),
        );
      }
    }
  });

  it("shows every kind of write at once on a deep page whose anchors were made before it", async () => {
    const deep = 18;
    const writes: { name: string; write: () => Promise<unknown>; lists: [EntityListFilters, string][] }[] = [
      {
        name: "create",
        write: () => createEntity(t.app, { slug: "aaa-new", type: "product" }),
        lists: [
          [{}, "createdAt:desc"],
          [{}, "slug:asc"],
        ],
      },
      {
        name: "delete",
        write: async () =>
          call(t.app, "DELETE", `/api/catalog/entities/${(await offsetIds({}, "createdAt:desc", 3, 1))[0]}`),
        lists: [
          [{}, "createdAt:desc"],
          [{ type: "product" }, "slug:asc"],
        ],
      },
      {
        name: "status move",
        write: async () =>
          call(
            t.app,
            "POST",
            `/api/catalog/entities/${(await offsetIds({ status: "draft" }, "updatedAt:desc", 0, 1))[0]}/publish`,
          ),
        lists: [
          [{ status: "draft" }, "updatedAt:desc"],
          [{}, "status:asc"],
        ],
      },
      {
        name: "slug change",
        write: async () =>
          call(t.app, "PATCH", `/api/catalog/entities/${(await offsetIds({}, "slug:asc", 200, 1))[0]}`, {
            body: { slug: "aaa-moved" },
          }),
        lists: [[{}, "slug:asc"]],
      },
      {
        name: "category link",
        write: async () =>
          call(
            t.app,
            "POST",
            `/api/catalog/entities/${(await offsetIds({}, "createdAt:desc", 0, 1))[0]}/categories/${categoryId}`,
          ),
        lists: [[{ category: categoryId }, "createdAt:desc"]],
      },
      {
        name: "update",
        write: async () =>
          call(t.app, "PATCH", `/api/catalog/entities/${(await offsetIds({}, "updatedAt:desc", 150, 1))[0]}`, {
            body: { metadata: { touched: true } },
          }),
        lists: [[{}, "updatedAt:desc"]],
      },
    ];
    for (const { name, write, lists } of writes) {
      for (const [filters, sort] of lists) await expectPage(filters, sort, deep);
      const before = await generation();
      const response = await write();
      if (response && typeof response === "object" && "status" in response)
        expect(response.status, name).toBeLessThan(300);
      expect(await generation(), name).toBe(before + 1);
      for (const [filters, sort] of lists) {
        await expectPage(filters, sort, deep);
        await expectPage(filters, sort, deep - 9);
      }
    }
  });

  it("moves the generation once per committed transaction, whatever it writes, and never for a rolled-back one", async () => {
    const before = await generation();
    await t.db.transaction().execute(async (trx) => {
      await sql`update catalog_entities set metadata = '{"bulk": true}' where organization_id = 'default' and type = 'service'`.execute(
        trx,
      );
      await sql`delete from catalog_entity_categories where organization_id = 'default' and category_id = ${categoryId}::uuid and entity_id in (select id from catalog_entities where type = 'service')`.execute(
        trx,
      );
    });
    expect(await generation()).toBe(before + 1);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update catalog_entities set metadata = '{}' where organization_id = 'default'`.execute(trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await generation()).toBe(before + 1);
    await expectPage({ category: categoryId }, "createdAt:desc", 8);
  });

  it("reads deep pages from its anchors: a write the generation misses goes unseen until the next one", async () => {
    // Not a behaviour to keep, a proof that the anchors serve: with the generation's trigger off, a
    // deleted entity before the page leaves the answer where the anchors were made.
    const sort = "createdAt:asc";
    const page = 12;
    const before = await expectPage({}, sort, page);
    // Every table whose trigger moves the generation: the delete cascades to the entity's categories
    // (two in three of the first entities are in one), whose trigger would move it too.
    const tables = ["catalog_entities", "catalog_entity_categories", "catalog_entity_brands"];
    const setTriggers = (state: "enable" | "disable") =>
      Promise.all(
        tables.map((table) =>
          sql`alter table ${sql.table(table)} ${sql.raw(state)} trigger ${sql.ref(`${table}_list_generation`)}`.execute(
            t.db,
          ),
        ),
      );
    await setTriggers("disable");
    try {
      await sql`delete from catalog_entities where id = ${(await offsetIds({}, sort, 0, 1))[0]}::uuid`.execute(t.db);
    } finally {
      await setTriggers("enable");
    }
    const stale = await call(t.app, "GET", `/api/catalog/entities?sort=${sort}&limit=${LIMIT}&page=${page}`);
    expect(stale.body.data.map((entity: Listed) => entity.id)).toEqual(before);
    expect(before).not.toEqual(await offsetIds({}, sort, (page - 1) * LIMIT, LIMIT));
    await createEntity(t.app, { slug: "zzz-moves-the-generation", type: "product" });
    await expectPage({}, sort, page);
  });

  it("keeps organizations apart: another organization's deep page is its own", async () => {
    for (let i = 0; i < 3; i++) await createEntity(t.app, { slug: `other-${i}`, type: "product" }, otherOrgAdmin);
    await expectPage({}, "createdAt:desc", 20);
    const query = new URLSearchParams({ sort: "createdAt:desc", limit: "2", page: "2" });
    const other = await call(t.app, "GET", `/api/catalog/entities?${query}`, { actor: otherOrgAdmin });
    expect(other.body.data.map((entity: Listed) => entity.id)).toEqual(
      await offsetIds({}, "createdAt:desc", 2, 2, "other-store"),
    );
    expect(other.body.meta.pagination.total).toBe(3);
    const deep = await call(t.app, "GET", `/api/catalog/entities?sort=createdAt:desc&limit=${LIMIT}&page=20`, {
      actor: otherOrgAdmin,
    });
    expect(deep.body.data).toEqual([]);
  });

  it.runIf(isPostgresTestRun())("shows another server's writes on anchors this one made", async () => {
    const other = await createTestApp({ joinSchema: t.kernel.database.schema });
    try {
      for (const sort of SORTS) await expectPage({}, sort, 19);
      const first = (await offsetIds({}, "createdAt:desc", 0, 1))[0];
      expect((await call(other.app, "DELETE", `/api/catalog/entities/${first}`)).status).toBe(200);
      await createEntity(other.app, { slug: "aab-other-server", type: "service" });
      for (const sort of SORTS) await expectPage({}, sort, 19);
    } finally {
      await other.close();
    }
  });

  it.runIf(isPostgresTestRun())(
    "answers deep pages as an offset while many writers create, delete and move entities",
    async () => {
      const victims = await offsetIds({ type: "product" }, "createdAt:asc", 0, 30);
      const writes = victims.map((id, index) =>
        index % 3 === 0
          ? call(t.app, "DELETE", `/api/catalog/entities/${id}`)
          : index % 3 === 1
            ? call(t.app, "POST", `/api/catalog/entities/${id}/archive`)
            : createEntity(t.app, { slug: `concurrent-${index}`, type: "product" }),
      );
      const reads = Array.from({ length: 30 }, (_, index) =>
        call(
          t.app,
          "GET",
          `/api/catalog/entities?sort=${SORTS[index % SORTS.length]}&limit=${LIMIT}&page=${10 + (index % 12)}`,
        ),
      );
      const answers = await Promise.all([...writes, ...reads]);
      for (const answer of answers) if (typeof answer === "object") expect(answer.status).toBeLessThan(300);
      for (const read of answers.slice(writes.length)) {
        if (typeof read !== "object") continue;
        const ids = read.body.data.map((entity: Listed) => entity.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(LIMIT);
      }
      for (const sort of SORTS) for (const page of [10, 16, 21]) await expectPage({}, sort, page);
      for (const page of [10, 16]) await expectPage({ type: "product" }, "createdAt:asc", page);
    },
  );
});

describe("catalog lists with page anchors off", () => {
  it("answers deep pages by offset alone", async () => {
    const t = await createTestApp({ config: { catalog: { pageAnchors: 0 } } });
    try {
      await sql`
        insert into catalog_entities (id, organization_id, type, slug, status)
        select gen_random_uuid(), 'default', 'product', 'item-' || i, 'active' from generate_series(1, ${ANCHOR_SPACING * 2}) i`.execute(
        t.db,
      );
      const response = await call(t.app, "GET", `/api/catalog/entities?sort=slug:asc&limit=10&page=10`);
      expect(response.body.data.map((entity: { slug: string }) => entity.slug)).toEqual(
        Array.from({ length: ANCHOR_SPACING * 2 }, (_, i) => `item-${i + 1}`)
          .sort()
          .slice(90, 100),
      );
      expect(response.body.meta.pagination.total).toBe(ANCHOR_SPACING * 2);
    } finally {
      await t.close();
    }
  });
});

describe("PageAnchors", () => {
  const entry = (generation: number, count: number) => ({
    generation,
    anchors: Array.from({ length: count }, (_, i) => ({
      position: (i + 1) * ANCHOR_SPACING,
      value: `v${i}`,
      id: `id${i}`,
    })),
    isComplete: false,
  });

  it("keeps at most its anchors in all, the least recently used list out first", () => {
    const anchors = new PageAnchors(10);
    anchors.set("a", entry(1, 4));
    anchors.set("b", entry(1, 4));
    anchors.get("a");
    anchors.set("c", entry(1, 4));
    expect(anchors.get("b")).toBeUndefined();
    expect(anchors.get("a")?.anchors).toHaveLength(4);
    expect(anchors.get("c")?.anchors).toHaveLength(4);
    anchors.set("huge", entry(1, 11));
    expect(anchors.get("huge")).toBeUndefined();
  });

  it("never replaces anchors of a newer generation with older ones", () => {
    const anchors = new PageAnchors(100);
    anchors.set("a", entry(5, 2));
    anchors.set("a", entry(4, 3));
    expect(anchors.get("a")?.generation).toBe(5);
    anchors.set("a", entry(6, 3));
    expect(anchors.get("a")?.generation).toBe(6);
  });
});
