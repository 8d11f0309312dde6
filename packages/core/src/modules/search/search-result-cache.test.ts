import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";

const titles = (body: { data: { title: string | null }[] }) => body.data.map((hit) => hit.title).sort();

/**
 * Writes a search document with the triggers off (`session_replication_role = replica`): a change the
 * search generation does not see, which only a cached answer can hide. Tests use it to tell a cached
 * answer from a fresh one without timing anything.
 */
async function writeUnseen(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

describe("search answers cached per generation of the organization's documents", () => {
  let t: TestApp;
  let lantern: string;
  const generation = async () =>
    Number(
      (
        await sql<{
          total: string;
        }>`select coalesce(sum(generation), 0) as total from search_generations where organization_id = 'default'`.execute(
          t.db,
        )
      ).rows[0]?.total,
    );

  beforeAll(async () => {
    t = await createTestApp({ config: { search: { adapter: "postgres" } } });
    lantern = await createEntity(t.app, { slug: "lantern-alpha", attributes: { en: { title: "Lantern alpha" } } });
    await createEntity(t.app, { slug: "lantern-beta", attributes: { en: { title: "Lantern beta" } } });
  });
  afterAll(() => t.close());

  it("answers a repeated search from the cache, and a change through the API at once", async () => {
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern&facets=type")).body)).toEqual([
      "Lantern alpha",
      "Lantern beta",
    ]);
    await writeUnseen(t, sql`update search_documents set title = 'Unseen' where entity_id = ${lantern}`);
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern&facets=type")).body)).toEqual([
      "Lantern alpha",
      "Lantern beta",
    ]);

    const renamed = await call(t.app, "PUT", `/api/catalog/entities/${lantern}/attributes/en`, {
      body: { title: "Lantern gamma" },
    });
    expect(renamed.status).toBe(200);
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern&facets=type")).body)).toEqual([
      "Lantern beta",
      "Lantern gamma",
    ]);
  });

  it("sees writes made outside the service, deletes included", async () => {
    await call(t.app, "GET", "/api/search?q=lantern");
    await sql`update search_documents set title = 'Lantern written by hand' where entity_id = ${lantern}`.execute(t.db);
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern")).body)).toContain("Lantern written by hand");
    const doomed = await createEntity(t.app, {
      slug: "lantern-doomed",
      attributes: { en: { title: "Lantern doomed" } },
    });
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern")).body)).toContain("Lantern doomed");
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${doomed}`)).status).toBe(200);
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern")).body)).not.toContain("Lantern doomed");
  });

  it("moves the generation once per committed transaction, never for a rolled-back one", async () => {
    const before = await generation();
    await t.db.transaction().execute(async (trx) => {
      await sql`update search_documents set updated_at = now() where organization_id = 'default'`.execute(trx);
      await sql`update search_documents set title = title where organization_id = 'default'`.execute(trx);
    });
    expect(await generation()).toBe(before + 1);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update search_documents set title = 'Rolled back' where entity_id = ${lantern}`.execute(trx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await generation()).toBe(before + 1);
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern")).body)).not.toContain("Rolled back");
  });

  it("keeps organizations apart: another store neither sees nor is served these answers", async () => {
    await call(t.app, "GET", "/api/search?q=lantern");
    const other = await call(t.app, "GET", "/api/search?q=lantern", { actor: otherOrgAdmin });
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual([]);
    await createEntity(
      t.app,
      { slug: "lantern-elsewhere", attributes: { en: { title: "Lantern elsewhere" } } },
      otherOrgAdmin,
    );
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern", { actor: otherOrgAdmin })).body)).toEqual([
      "Lantern elsewhere",
    ]);
    expect(titles((await call(t.app, "GET", "/api/search?q=lantern")).body)).not.toContain("Lantern elsewhere");
  });

  it("reads through inside a transaction and caches nothing from it", async () => {
    const query = { q: "lantern", page: 1, limit: 20, facets: [], attributes: {}, isUnpublishedVisible: true };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update search_documents set title = 'Lantern uncommitted' where entity_id = ${lantern}`.execute(trx);
        const inside = await t.kernel.services.search.search("default", query, { trx });
        expect(inside.hits.map((hit) => hit.title)).toContain("Lantern uncommitted");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await t.kernel.services.search.search("default", query)).hits.map((hit) => hit.title)).not.toContain(
      "Lantern uncommitted",
    );
  });

  it("settles on what the database holds after writes race with searches", async () => {
    const writes = Array.from({ length: 15 }, (_, i) =>
      call(t.app, "POST", "/api/catalog/entities", {
        body: { type: "product", status: "active", slug: `race-${i}`, attributes: { en: { title: `Racer ${i}` } } },
      }),
    );
    const reads = Array.from({ length: 15 }, () => call(t.app, "GET", "/api/search?q=racer&limit=50"));
    const results = await Promise.all([...writes, ...reads]);
    expect(results.every((result) => result.status < 300)).toBe(true);
    const final = await call(t.app, "GET", "/api/search?q=racer&limit=50");
    expect(final.body.data).toHaveLength(15);
    expect(final.body.meta.total).toBe(15);
  });

  it("answers every search fresh with resultCacheBytes 0", async () => {
    const uncached = await createTestApp({ config: { search: { adapter: "postgres", resultCacheBytes: 0 } } });
    try {
      const id = await createEntity(uncached.app, { slug: "lamp", attributes: { en: { title: "Lamp one" } } });
      expect(titles((await call(uncached.app, "GET", "/api/search?q=lamp")).body)).toEqual(["Lamp one"]);
      await writeUnseen(uncached, sql`update search_documents set title = 'Lamp two' where entity_id = ${id}`);
      expect(titles((await call(uncached.app, "GET", "/api/search?q=lamp")).body)).toEqual(["Lamp two"]);
    } finally {
      await uncached.close();
    }
  });
});
