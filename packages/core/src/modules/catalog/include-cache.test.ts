import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity } from "./catalog-test-helpers.js";
import { createRevisionCache } from "./revision-cache.js";

// Attributes and variants of list pages are cached per entity revision. These writes bypass the service
// (as another process or a migration script would): the triggers alone must keep pages fresh.
describe("catalog include cache", () => {
  let t: TestApp;
  let entityId: string;
  const page = async () => {
    const response = await call(t.app, "GET", "/api/catalog/entities?include=attributes,variants&limit=100");
    expect(response.status).toBe(200);
    return response.body.data.find((entity: { id: string }) => entity.id === entityId);
  };
  const revision = async () =>
    Number(
      (await sql<{ revision: string }>`select revision from catalog_entities where id = ${entityId}`.execute(t.db))
        .rows[0]?.revision,
    );

  beforeAll(async () => {
    t = await createTestApp();
    entityId = await createEntity(t.app, { slug: "cached", attributes: { en: { title: "First" } } });
    await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants/bulk`, {
      body: { axes: [{ name: "Size", values: ["S", "M"] }] },
    });
  });
  afterAll(() => t.close());

  it("answers a variant written outside the service at once, and its removal", async () => {
    expect((await page()).variants).toHaveLength(2);
    const before = await revision();
    const id = randomUUID();
    await sql`insert into catalog_variants (id, organization_id, entity_id, sku, option_key, options, position)
              values (${id}, 'default', ${entityId}, 'OUTSIDE-1', 'outside', '{"Size": "XL"}', 9)`.execute(t.db);
    expect(await revision()).toBe(before + 1);
    expect((await page()).variants.map((variant: { sku: string | null }) => variant.sku)).toContain("OUTSIDE-1");
    await sql`update catalog_variants set sku = 'OUTSIDE-2' where id = ${id}`.execute(t.db);
    expect((await page()).variants.map((variant: { sku: string | null }) => variant.sku)).toContain("OUTSIDE-2");
    await sql`delete from catalog_variants where id = ${id}`.execute(t.db);
    expect((await page()).variants).toHaveLength(2);
  });

  it("answers attributes changed outside the service and through the API at once", async () => {
    expect((await page()).attributes.en.title).toBe("First");
    await sql`update catalog_entity_attributes set title = 'Second' where entity_id = ${entityId} and locale = 'en'`.execute(
      t.db,
    );
    expect((await page()).attributes.en.title).toBe("Second");
    await call(t.app, "PUT", `/api/catalog/entities/${entityId}/attributes/fr`, { body: { title: "Troisième" } });
    expect(Object.keys((await page()).attributes).sort()).toEqual(["en", "fr"]);
    await call(t.app, "PUT", `/api/catalog/entities/${entityId}/attributes/en`, { body: { title: "Fourth" } });
    expect((await page()).attributes.en.title).toBe("Fourth");
    const single = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=attributes`);
    expect(single.body.data.attributes.fr.title).toBe("Troisième");
  });

  it("bumps the revision once per statement, whatever the number of rows", async () => {
    const before = await revision();
    const created = await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants/bulk`, {
      body: { axes: [{ name: "Size", values: ["S", "M", "L", "XXL"] }] },
    });
    expect(created.status).toBe(201);
    const after = await revision();
    expect(after).toBeGreaterThan(before);
    await sql`update catalog_variants set metadata = '{"bulk_edit": true}' where entity_id = ${entityId}`.execute(t.db);
    expect(await revision()).toBe(after + 1);
    const variants = (await page()).variants;
    expect(variants.length).toBeGreaterThanOrEqual(4);
    expect(
      variants.every((variant: { metadata: unknown }) => JSON.stringify(variant.metadata) === '{"bulk_edit":true}'),
    ).toBe(true);
  });

  it("moves the revision once per transaction, and not for an entity the transaction created", async () => {
    const before = await revision();
    await t.db.transaction().execute(async (trx) => {
      await sql`update catalog_entity_attributes set title = 'Once' where entity_id = ${entityId}`.execute(trx);
      await sql`update catalog_variants set metadata = '{"once": true}' where entity_id = ${entityId}`.execute(trx);
    });
    expect(await revision()).toBe(before + 1);
    expect((await page()).attributes.en.title).toBe("Once");

    const fresh = randomUUID();
    await t.db.transaction().execute(async (trx) => {
      await sql`insert into catalog_entities (id, organization_id, type, slug, status) values (${fresh}, 'default', 'product', 'born-whole', 'active')`.execute(
        trx,
      );
      await sql`insert into catalog_entity_attributes (organization_id, entity_id, locale, title) values ('default', ${fresh}, 'en', 'Born')`.execute(
        trx,
      );
      await sql`insert into catalog_variants (id, organization_id, entity_id, sku, option_key, options, position)
                values (${randomUUID()}, 'default', ${fresh}, 'BORN-1', 'born', '{}', 0)`.execute(trx);
    });
    const born = async () =>
      (await sql<{ revision: string }>`select revision from catalog_entities where id = ${fresh}`.execute(t.db)).rows[0]
        ?.revision;
    expect(Number(await born())).toBe(1);
    const listed = async () =>
      (await call(t.app, "GET", "/api/catalog/entities?include=attributes,variants&limit=100")).body.data.find(
        (entity: { id: string }) => entity.id === fresh,
      );
    expect((await listed()).variants.map((variant: { sku: string }) => variant.sku)).toEqual(["BORN-1"]);
    // A later transaction moves it again, and the cached page follows.
    await sql`update catalog_entity_attributes set title = 'Grown' where entity_id = ${fresh}`.execute(t.db);
    expect(Number(await born())).toBe(2);
    expect((await listed()).attributes.en.title).toBe("Grown");
  });

  it("settles on what the database holds after writes race with page reads", async () => {
    const racing = await createEntity(t.app, { slug: "racing" });
    const writes = Array.from({ length: 20 }, (_, i) =>
      call(t.app, "POST", `/api/catalog/entities/${racing}/variants/quick`, {
        body: { options: { Size: `S${i}` }, sku: `RACE-${i}` },
      }),
    );
    const reads = Array.from({ length: 20 }, () =>
      call(t.app, "GET", "/api/catalog/entities?include=variants&limit=100"),
    );
    const results = await Promise.all([...writes, ...reads]);
    expect(results.every((result) => result.status < 300)).toBe(true);
    const stored = await sql<{
      sku: string;
    }>`select sku from catalog_variants where entity_id = ${racing} order by sku`.execute(t.db);
    expect(stored.rows).toHaveLength(20);
    const listed = (await call(t.app, "GET", "/api/catalog/entities?include=variants&limit=100")).body.data.find(
      (entity: { id: string }) => entity.id === racing,
    );
    expect(listed.variants.map((variant: { sku: string }) => variant.sku).sort()).toEqual(
      stored.rows.map((row) => row.sku),
    );
  });

  it("deletes an entity with its cached children", async () => {
    const doomed = await createEntity(t.app, { slug: "doomed", attributes: { en: { title: "Doomed" } } });
    await call(t.app, "POST", `/api/catalog/entities/${doomed}/variants/bulk`, {
      body: { axes: [{ name: "Size", values: ["S"] }] },
    });
    await page();
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${doomed}`)).status).toBe(200);
    expect((await call(t.app, "GET", `/api/catalog/entities/${doomed}?include=variants`)).status).toBe(404);
  });
});

describe("revision cache", () => {
  it("answers only the revision it holds", () => {
    const cache = createRevisionCache(10_000);
    cache.set("a", 2, "two", 3);
    expect(cache.get("a", 2)?.value).toBe("two");
    expect(cache.get("a", 3)).toBeUndefined();
    expect(cache.get("b", 2)).toBeUndefined();
  });

  it("keeps a newer revision when a slower reader brings an older one", () => {
    const cache = createRevisionCache(10_000);
    cache.set("a", 3, "three", 5);
    cache.set("a", 2, "two", 3);
    expect(cache.get("a", 3)?.value).toBe("three");
    cache.set("a", 4, "four", 4);
    expect(cache.get("a", 4)?.value).toBe("four");
  });

  it("evicts the least recently used entries beyond its byte budget", () => {
    // Each entry is 200 + key + overhead (about 360) bytes: three fit, a fourth evicts one.
    const cache = createRevisionCache(1_200);
    for (const key of ["a", "b", "c"]) cache.set(key, 1, key, 200);
    expect(cache.get("a", 1)).toBeDefined();
    cache.set("d", 1, "d", 200);
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("d", 1)).toBeDefined();
    expect(cache.bytes()).toBeLessThanOrEqual(1_200);
    cache.set("huge", 1, "huge", 5_000);
    expect(cache.get("huge", 1)).toBeUndefined();
  });
});

describe("catalog without the include cache", () => {
  it("answers fresh pages with includeCacheBytes 0", async () => {
    const t = await createTestApp({ config: { catalog: { includeCacheBytes: 0 } } });
    try {
      const id = await createEntity(t.app, { slug: "uncached", attributes: { en: { title: "One" } } });
      const read = async () =>
        (await call(t.app, "GET", "/api/catalog/entities?include=attributes")).body.data[0].attributes.en.title;
      expect(await read()).toBe("One");
      await sql`update catalog_entity_attributes set title = 'Two' where entity_id = ${id}`.execute(t.db);
      expect(await read()).toBe("Two");
    } finally {
      await t.close();
    }
  });
});
