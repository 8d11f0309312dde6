import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKFILL_TASK } from "./channel-declarations.js";
import {
  availableOf,
  call,
  connectRemote,
  connectTwoStores,
  drainJobs,
  product,
  remoteAdmin,
  warehouse,
  type TwoStores,
} from "./channel-test-helpers.js";

const PRODUCTS = 250;

// Hundreds of pushes through the adapter per test: far from the default 30 s on a busy machine.
describe("catalog backfill to another store over its REST API", { timeout: 180_000 }, () => {
  let stores: TwoStores;
  let connectionId: string;
  const slugs: string[] = [];
  beforeAll(async () => {
    stores = await connectTwoStores({ backfillPageSize: 50 });
    const main = await warehouse(stores.t, "main");
    for (let index = 0; index < PRODUCTS; index += 1) {
      const slug = `item-${String(index).padStart(3, "0")}`;
      slugs.push(slug);
      // A few carry stock, so the backfill pushes levels as well as listings.
      await product(stores.t, {
        slug,
        price: 1000 + index,
        ...(index % 50 === 0 ? { onHand: 5 + index, warehouseId: main } : {}),
      });
    }
    connectionId = await connectRemote(stores.t);
  }, 600_000);
  afterAll(() => stores.close());

  const progress = async () => (await call(stores.t, "GET", `/api/channels/${connectionId}`)).body.data.backfill;
  const remoteProducts = async (): Promise<{ slug: string; id: string; status: string }[]> => {
    const all: { slug: string; id: string; status: string }[] = [];
    for (let page = 1; ; page += 1) {
      const listed = await call(stores.t, "GET", `/api/catalog/entities?type=product&limit=100&page=${page}`, {
        actor: remoteAdmin,
      });
      all.push(...listed.body.data);
      if (listed.body.data.length < 100) return all;
    }
  };

  it("pushes 250 products in pages of 50, one page per job run, each exactly once though a worker dies half-way", async () => {
    const started = await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    expect(started.status).toBe(202);
    expect(started.body.data.backfill).toMatchObject({ status: "running", pages: 0, items: 0, errors: 0 });

    // Two pages, then the third page's run dies after pushing half of its products.
    expect(await runBackfillJobs(2)).toBe(2);
    expect(await progress()).toMatchObject({ status: "running", pages: 2, items: 100 });
    const creates = () =>
      stores.calls.filter((entry) => entry.method === "POST" && entry.path === "/api/catalog/entities").length;
    expect(creates()).toBe(100);
    stores.failOnce((entry) => entry.method === "POST" && entry.path === "/api/catalog/entities" && creates() === 125);
    expect(await runBackfillJobs(1)).toBe(1);
    // The cursor stayed on page 3: nothing of the dead run was recorded as progress.
    expect(await progress()).toMatchObject({ status: "running", pages: 2, items: 100, errors: 0 });
    const { rows: pendingRows } = await sql<{
      status: string;
      attempts: number;
    }>`select status, attempts from jobs where task_slug = ${BACKFILL_TASK} and status in ('pending', 'processing')`.execute(
      stores.t.db,
    );
    expect(pendingRows).toEqual([{ status: "pending", attempts: 1 }]);

    // Asking again while a run is under way resumes from the cursor instead of starting over.
    const resumed = await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    expect(resumed.body.data.backfill).toMatchObject({ status: "running", pages: 2, items: 100 });

    await drainJobs(stores.t);
    expect(await progress()).toMatchObject({ status: "done", pages: 5, items: 250, errors: 0, lastError: null });

    const remote = await remoteProducts();
    expect(remote).toHaveLength(PRODUCTS);
    expect(remote.map((entry) => entry.slug).sort()).toEqual(slugs);
    expect(new Set(remote.map((entry) => entry.status))).toEqual(new Set(["active"]));
    // The page the dead worker had half pushed was pushed again as updates: 250 creations in all.
    expect(creates()).toBe(PRODUCTS);
    const { rows } = await sql<{
      count: string;
    }>`select count(distinct external_id) as count from channel_listings where connection_id = ${connectionId}`.execute(
      stores.t.db,
    );
    expect(Number(rows[0]?.count)).toBe(PRODUCTS);
  });

  it("pushed prices and available stock with the listings", async () => {
    const { rows } = await sql<{
      entityId: string;
      externalId: string;
    }>`select entity_id, external_id from channel_listings where connection_id = ${connectionId}`.execute(stores.t.db);
    const stocked = await call(stores.t, "GET", `/api/catalog/entities/item-050`);
    const listing = rows.find((row) => row.entityId === stocked.body.data.id);
    expect(listing).toBeDefined();
    const externalId = listing?.externalId ?? "";
    expect(await availableOf(stores.t, externalId, remoteAdmin)).toBe(55);
    const remote = await call(stores.t, "GET", `/api/catalog/entities/item-050?include=attributes`, {
      actor: remoteAdmin,
    });
    expect(remote.body.data.attributes.en.title).toBe("Title item-050");
    const prices = await call(stores.t, "GET", `/api/pricing/prices?entityId=${externalId}`, { actor: remoteAdmin });
    expect(
      prices.body.data.map((price: { amount: number; currency: string }) => [price.amount, price.currency]),
    ).toEqual([[1050, "EUR"]]);
  });

  it("starts over when asked after it finished, updating the listings without duplicating them", async () => {
    const again = await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    expect(again.body.data.backfill).toMatchObject({ status: "running", pages: 0, items: 0 });
    await drainJobs(stores.t);
    expect(await progress()).toMatchObject({ status: "done", pages: 5, items: 250, errors: 0 });
    expect(await remoteProducts()).toHaveLength(PRODUCTS);
  });

  it("skips no product when products behind its cursor are deleted and new ones created during a run", async () => {
    const { rows: clock } = await sql<{ now: Date }>`select now() as now`.execute(stores.t.db);
    const runStarted = clock[0]!.now;
    expect((await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`)).status).toBe(202);
    expect(await runBackfillJobs(2)).toBe(2);
    // Eleven products of the pages already pushed disappear, the cursor's own among them (a page offset
    // would now skip eleven), and two arrive.
    for (const slug of [...slugs.slice(10, 20), slugs[99]!]) {
      const entity = await call(stores.t, "GET", `/api/catalog/entities/${slug}`);
      expect((await call(stores.t, "DELETE", `/api/catalog/entities/${entity.body.data.id}`)).status).toBeLessThan(300);
    }
    for (const slug of ["late-1", "late-2"]) await product(stores.t, { slug, price: 999 });
    await drainJobs(stores.t);
    // 100 before the deletions, then the 150 after the cursor and the 2 new ones.
    expect(await progress()).toMatchObject({ status: "done", pages: 6, items: 252, errors: 0 });
    const { rows: stale } = await sql<{ slug: string }>`
      select e.slug from catalog_entities e
      left join channel_listings l on l.entity_id = e.id and l.connection_id = ${connectionId} and l.pushed_at >= ${runStarted}
      where e.organization_id = 'default' and e.type = 'product' and l.entity_id is null`.execute(stores.t.db);
    expect(stale).toEqual([]);
  });

  /** Runs `count` backfill jobs (other due jobs run too, as a worker would). */
  async function runBackfillJobs(count: number): Promise<number> {
    let ran = 0;
    for (let guard = 0; guard < 100 && ran < count; guard += 1) {
      const { rows } = await sql<{
        id: string;
      }>`select id from jobs where task_slug = ${BACKFILL_TASK} and status = 'pending'`.execute(stores.t.db);
      if (rows.length === 0) break;
      const before = await sql<{
        attempts: number;
      }>`select coalesce(sum(attempts), 0)::int as attempts from jobs where task_slug = ${BACKFILL_TASK}`.execute(
        stores.t.db,
      );
      await stores.t.kernel.services.jobs.run({ queue: "default", limit: 1 });
      const after = await sql<{
        attempts: number;
      }>`select coalesce(sum(attempts), 0)::int as attempts from jobs where task_slug = ${BACKFILL_TASK}`.execute(
        stores.t.db,
      );
      if (Number(after.rows[0]?.attempts) > Number(before.rows[0]?.attempts)) ran += 1;
    }
    return ran;
  }
});
