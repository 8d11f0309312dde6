import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testAdminActor, type TestApp } from "../../testing/index.js";
import type { Actor } from "../../kernel/actor.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "./catalog-test-helpers.js";
import { ENTITY_SORT_FIELDS } from "./entity-listing.js";

interface Listed {
  id: string;
}

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const decode = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;

describe("catalog entity list by cursor", () => {
  let t: TestApp;
  let categoryId: string;
  let brandId: string;

  /** Every id of the list, page after page by `page`. */
  async function walkByPage(filters: string, limit: number, actor: Actor = testAdminActor): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const response = await call(t.app, "GET", `/api/catalog/entities?${filters}&limit=${limit}&page=${page}`, {
        actor,
      });
      expect(response.status).toBe(200);
      ids.push(...response.body.data.map((entity: Listed) => entity.id));
      if (page >= response.body.meta.pagination.totalPages) return ids;
    }
  }

  /** Every id of the list, page after page by `cursor`; `between` runs after each page (writes during the walk). */
  async function walkByCursor(
    filters: string,
    limit: number,
    options: { actor?: Actor; between?: (page: number, ids: string[]) => Promise<void> } = {},
  ) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 100; page++) {
      const url: string = `/api/catalog/entities?${filters}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await call(t.app, "GET", url, { actor: options.actor ?? testAdminActor });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { pagination } = response.body.meta;
      expect(pagination).toEqual({
        page: 1,
        limit,
        total: expect.any(Number),
        totalPages: Math.ceil(pagination.total / limit),
        nextCursor: pagination.nextCursor,
      });
      expect(pagination.nextCursor === null || typeof pagination.nextCursor === "string").toBe(true);
      ids.push(...response.body.data.map((entity: Listed) => entity.id));
      cursor = pagination.nextCursor;
      if (cursor === null) return ids;
      await options.between?.(page, ids);
    }
    throw new Error("the cursor walk did not end");
  }

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Lamps", slug: "lamps" } })).body
      .data.id;
    brandId = (await call(t.app, "POST", "/api/catalog/brands", { body: { name: "Lumen", slug: "lumen" } })).body.data
      .id;
    const statuses = ["active", "draft", "active", "archived", "active", "discontinued"];
    for (let i = 0; i < 17; i++) {
      // Slugs out of creation order, types and statuses with many ties: every sort needs its id tie-break.
      const id = await createEntity(t.app, {
        slug: `item-${String((i * 7) % 17).padStart(2, "0")}`,
        type: i % 3 === 0 ? "digitalDownload" : "product",
        status: statuses[i % statuses.length],
      });
      if (i % 2 === 0) await call(t.app, "POST", `/api/catalog/entities/${id}/categories/${categoryId}`);
      if (i % 4 === 1) await call(t.app, "POST", `/api/catalog/entities/${id}/brands/${brandId}`);
      // Some entities updated after others were created, so updatedAt orders differently from createdAt.
      if (i % 5 === 2)
        await call(t.app, "PATCH", `/api/catalog/entities/${id}`, { body: { metadata: { touched: i } } });
    }
  });
  afterAll(() => t.close());

  it("walks every entity exactly once, in the order of offset pages, for each sort and direction", async () => {
    for (const field of ENTITY_SORT_FIELDS) {
      for (const direction of ["asc", "desc"]) {
        const filters = `sort=${field}:${direction}`;
        const byPage = await walkByPage(filters, 4);
        expect(byPage).toHaveLength(17);
        const byCursor = await walkByCursor(filters, 4);
        expect(byCursor, filters).toEqual(byPage);
      }
    }
  });

  it("walks filtered lists exactly as their offset pages, for each filter and sort", async () => {
    const filterSets = [
      "type=product",
      "status=active",
      "type=product&status=active",
      `category=${categoryId}`,
      `brand=${brandId}`,
      `category=${categoryId}&brand=${brandId}`,
      "type=none",
    ];
    for (const filter of filterSets) {
      for (const sort of ["createdAt:desc", "slug:asc", "status:desc", "updatedAt:asc", "type:asc"]) {
        const filters = `${filter}&sort=${sort}`;
        const byPage = await walkByPage(filters, 3);
        const byCursor = await walkByCursor(filters, 3);
        expect(byCursor, filters).toEqual(byPage);
        expect(new Set(byCursor).size).toBe(byCursor.length);
      }
    }
    // A storefront sees active entities only, by cursor as by page.
    expect(await walkByCursor("sort=slug:desc", 2, { actor: storefrontActor })).toEqual(
      await walkByPage("sort=slug:desc", 2, storefrontActor),
    );
  });

  it("answers nextCursor on offset pages too, null on the last one", async () => {
    const page399Like = await call(t.app, "GET", "/api/catalog/entities?sort=slug:asc&limit=5&page=3");
    expect(page399Like.body.meta.pagination).toMatchObject({
      page: 3,
      limit: 5,
      total: 17,
      totalPages: 4,
      nextCursor: expect.any(String),
    });
    const last = await call(
      t.app,
      "GET",
      `/api/catalog/entities?sort=slug:asc&limit=5&cursor=${page399Like.body.meta.pagination.nextCursor}`,
    );
    expect(last.body.data.map((entity: Listed) => entity.id)).toEqual(
      (await call(t.app, "GET", "/api/catalog/entities?sort=slug:asc&limit=5&page=4")).body.data.map(
        (entity: Listed) => entity.id,
      ),
    );
    expect(last.body.meta.pagination).toEqual({ page: 1, limit: 5, total: 17, totalPages: 4, nextCursor: null });
    expect(
      (await call(t.app, "GET", "/api/catalog/entities?sort=slug:asc&limit=5&page=4")).body.meta.pagination.nextCursor,
    ).toBeNull();
    expect(
      (await call(t.app, "GET", "/api/catalog/entities?sort=slug:asc&limit=17")).body.meta.pagination.nextCursor,
    ).toBeNull();
    expect((await call(t.app, "GET", "/api/catalog/entities?type=none")).body.meta.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 0,
      totalPages: 0,
      nextCursor: null,
    });
    expect(decode(page399Like.body.meta.pagination.nextCursor)).toEqual({
      sort: "slug",
      direction: "asc",
      value: expect.any(String),
      id: expect.any(String),
      filters: expect.any(String),
    });
  });

  it("neither repeats nor skips untouched entities when entities are created and deleted during the walk", async () => {
    const created: string[] = [];
    for (let i = 0; i < 10; i++)
      created.push(await createEntity(t.app, { slug: `walk-${String(i).padStart(2, "0")}`, type: "walk" }));
    const deleted = new Set<string>();
    const added: string[] = [];
    const seen = await walkByCursor("type=walk&sort=createdAt:asc", 3, {
      between: async (page, ids) => {
        if (page !== 1) return;
        // The row the cursor points after, and one further on, are gone before the next page is asked.
        const anchor = ids.at(-1) as string;
        for (const id of [anchor, created[6] as string]) {
          expect((await call(t.app, "DELETE", `/api/catalog/entities/${id}`)).status).toBe(200);
          deleted.add(id);
        }
        // One created now sorts last: the walk reaches it.
        added.push(await createEntity(t.app, { slug: "walk-late", type: "walk" }));
      },
    });
    expect(new Set(seen).size).toBe(seen.length);
    const untouched = created.filter((id) => !deleted.has(id));
    expect(seen.filter((id) => untouched.includes(id))).toEqual(untouched);
    expect(seen).not.toContain(created[6]);
    expect(seen.at(-1)).toBe(added[0]);

    // By slug, descending: an entity created behind the position is not shown again, one ahead is.
    const slugWalk = await walkByCursor("type=walk&sort=slug:desc", 2, {
      between: async (page) => {
        if (page !== 1) return;
        added.push(
          await createEntity(t.app, { slug: "walk-99", type: "walk" }),
          await createEntity(t.app, { slug: "walk-00a", type: "walk" }),
        );
      },
    });
    expect(new Set(slugWalk).size).toBe(slugWalk.length);
    expect(slugWalk).not.toContain(added[1]);
    expect(slugWalk).toContain(added[2]);
    const slugOrder = await walkByPage("type=walk&sort=slug:desc", 100);
    expect(slugWalk).toEqual(slugOrder.filter((id) => id !== added[1]));
  });

  // The position is the cursor's value, not the row's current one: touching the row a cursor points after
  // (its updatedAt moves to now) would otherwise restart an updatedAt walk past every row.
  it("keeps its position when the row it points after is updated meanwhile", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await createEntity(t.app, { slug: `touch-${i}`, type: "touch" }));
    let anchor = "";
    const seen = await walkByCursor("type=touch&sort=updatedAt:asc", 2, {
      between: async (page, listed) => {
        if (page !== 1) return;
        anchor = listed.at(-1) as string;
        expect(
          (await call(t.app, "PATCH", `/api/catalog/entities/${anchor}`, { body: { metadata: { moved: true } } }))
            .status,
        ).toBe(200);
      },
    });
    // The anchor moved to the end and shows again there; every other row shows once, in order.
    expect(seen.filter((id) => id !== anchor)).toEqual(ids.filter((id) => id !== anchor));
    expect(seen.at(-1)).toBe(anchor);
  });

  it("refuses bad, tampered and foreign cursors with 422 VALIDATION_FAILED, and changes nothing", async () => {
    const before = await walkByPage("sort=slug:asc", 100);
    const first = await call(t.app, "GET", "/api/catalog/entities?sort=slug:asc&limit=2");
    const cursor: string = first.body.meta.pagination.nextCursor;
    const position = decode(cursor);
    const dated = decode((await call(t.app, "GET", "/api/catalog/entities?limit=2")).body.meta.pagination.nextCursor);
    const tampered = (changes: Record<string, unknown>, from: Record<string, unknown> = position) =>
      base64url(JSON.stringify({ ...from, ...changes }));
    const bad: Array<[string, string]> = [
      ["not base64url", "cursor=abc!def"],
      ["empty", "cursor="],
      ["overlong", `cursor=${"A".repeat(5000)}`],
      ["not JSON", `cursor=${base64url("not json")}`],
      ["invalid base64 padding", "cursor=A"],
      ["an array", `cursor=${base64url("[]")}`],
      ["null", `cursor=${base64url("null")}`],
      ["a number value", `cursor=${tampered({ value: 42 })}`],
      ["a missing id", `cursor=${tampered({ id: undefined })}`],
      ["an id that is no uuid", `cursor=${tampered({ id: "1; drop table catalog_entities" })}`],
      ["an unknown sort", `cursor=${tampered({ sort: "price" })}`],
      ["an unknown direction", `cursor=${tampered({ direction: "up" })}`],
      ["an extra key", `cursor=${tampered({ offset: 3 })}`],
      ["a NUL byte in the value", `cursor=${tampered({ value: "item-\u0000" })}`],
      ["a raw NUL byte", "cursor=%00"],
      ["a huge value", `cursor=${tampered({ value: "x".repeat(501) })}`],
      ["an empty slug", `cursor=${tampered({ value: "" })}`],
      ["a bad fingerprint", `cursor=${tampered({ filters: "short" })}`],
      ["an impossible date", `sort=createdAt:desc&cursor=${tampered({ value: "2026-02-30T10:00:00.000000Z" }, dated)}`],
      ["a date without zone", `sort=createdAt:desc&cursor=${tampered({ value: "2026-01-30 10:00:00" }, dated)}`],
      ["year zero", `sort=createdAt:desc&cursor=${tampered({ value: "0000-01-01T00:00:00Z" }, dated)}`],
      [
        "a date with nanoseconds",
        `sort=createdAt:desc&cursor=${tampered({ value: "2026-01-30T10:00:00.123456789Z" }, dated)}`,
      ],
      ["an unknown status", `sort=status:asc&cursor=${tampered({ sort: "status", value: "bogus" })}`],
      ["another sort", `sort=slug:desc&cursor=${cursor}`],
      ["the default sort", `sort=createdAt:desc&cursor=${cursor}`],
      ["other filters", `sort=slug:asc&type=product&cursor=${cursor}`],
      ["a page number", `sort=slug:asc&page=2&cursor=${cursor}`],
    ];
    for (const [what, query] of bad) {
      const response = await call(
        t.app,
        "GET",
        `/api/catalog/entities?limit=2&${query.startsWith("sort=") || query.includes("&sort=") ? "" : "sort=slug:asc&"}${query}`,
      );
      expect(response.status, what).toBe(422);
      expect(response.body.error.code, what).toBe("VALIDATION_FAILED");
      expect(response.body.error.message, what).toMatch(/query\.(cursor|page)/);
      // One issue each: a cursor that did not decode is not also compared with the sort and filters.
      expect(response.body.error.issues, what).toHaveLength(1);
    }
    const mismatch = await call(t.app, "GET", `/api/catalog/entities?sort=slug:desc&cursor=${cursor}`);
    expect(mismatch.body.error.message).toContain("sort=slug:asc");
    // page=1 with a cursor is the cursor's page.
    expect(
      (await call(t.app, "GET", `/api/catalog/entities?sort=slug:asc&limit=2&page=1&cursor=${cursor}`)).body.data.map(
        (entity: Listed) => entity.id,
      ),
    ).toEqual(before.slice(2, 4));
    expect(await walkByPage("sort=slug:asc", 100)).toEqual(before);
  });

  it("pages only the caller's organization, whoever answered the cursor", async () => {
    const theirs: string[] = [];
    for (let i = 0; i < 5; i++)
      theirs.push(
        await createEntity(t.app, { slug: `item-${String(i).padStart(2, "0")}`, type: "product" }, otherOrgAdmin),
      );
    const ours = await walkByPage("sort=slug:asc", 100);
    // Their cursor in our store: a position among our own entities, none of theirs.
    const theirFirst = await call(t.app, "GET", "/api/catalog/entities?sort=slug:asc&limit=2", {
      actor: otherOrgAdmin,
    });
    const inOurs = await call(
      t.app,
      "GET",
      `/api/catalog/entities?sort=slug:asc&limit=100&cursor=${theirFirst.body.meta.pagination.nextCursor}`,
    );
    expect(inOurs.status).toBe(200);
    for (const entity of inOurs.body.data) expect(ours).toContain(entity.id);
    expect(inOurs.body.meta.pagination.total).toBe(ours.length);
    // Walks of each store see their own entities only.
    expect(await walkByCursor("sort=slug:asc", 2, { actor: otherOrgAdmin })).toEqual(theirs);
    const ourWalk = await walkByCursor("sort=slug:asc", 7);
    expect(ourWalk).toEqual(ours);
    for (const id of theirs) expect(ourWalk).not.toContain(id);
  });

  it("documents the cursor parameter and nextCursor in /api/doc", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json();
    const list = doc.paths["/api/catalog/entities"].get;
    const cursor = list.parameters.find(
      (parameter: { name: string; in: string }) => parameter.name === "cursor" && parameter.in === "query",
    );
    expect(cursor).toMatchObject({ required: false, schema: { type: "string", maxLength: 1024 } });
    const pagination = list.responses["200"].content["application/json"].schema.properties.meta.properties.pagination;
    expect(pagination.properties.nextCursor).toMatchObject({ nullable: true });
    expect(pagination.required).toEqual(expect.arrayContaining(["page", "limit", "total", "totalPages", "nextCursor"]));
  });
});
