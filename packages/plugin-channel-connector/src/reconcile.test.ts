import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, jsonHeaders, testAdminActor } from "@unified-commerce/plugin-sdk/testing";
import type { ChannelAdapter } from "./channel-adapter.js";
import { REAP_EXPORTS_TASK, RECONCILE_SWEEP_TASK } from "./channel-declarations.js";
import { channelConnector } from "./channel-plugin.js";
import {
  adjust,
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

describe("reconcile and the sweeps", () => {
  let stores: TwoStores;
  let connectionId: string;
  let main: string;
  const entities: Record<"lamp" | "vase" | "mug" | "bowl", string> = { lamp: "", vase: "", mug: "", bowl: "" };
  const externalOf = async (entityId: string): Promise<string> => {
    const { rows } = await sql<{
      externalId: string;
    }>`select external_id from channel_listings where connection_id = ${connectionId} and entity_id = ${entityId}`.execute(
      stores.t.db,
    );
    return rows[0]?.externalId ?? "";
  };
  const connection = async () => (await call(stores.t, "GET", `/api/channels/${connectionId}`)).body.data;

  beforeAll(async () => {
    stores = await connectTwoStores();
    main = await warehouse(stores.t, "main");
    for (const [index, slug] of (["lamp", "vase", "mug", "bowl"] as const).entries())
      entities[slug] = await product(stores.t, { slug, price: 1000 * (index + 1), onHand: 10, warehouseId: main });
    connectionId = await connectRemote(stores.t);
    await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    await drainJobs(stores.t);
  }, 120_000);
  afterAll(() => stores.close());

  it("schedules the sweeps at boot without running them", async () => {
    const { rows } = await sql<{
      taskSlug: string;
      isLater: boolean;
    }>`select task_slug, wait_until > now() as "isLater" from jobs where task_slug in (${RECONCILE_SWEEP_TASK}, ${REAP_EXPORTS_TASK}) and status = 'pending' order by task_slug`.execute(
      stores.t.db,
    );
    expect(rows).toEqual([
      { taskSlug: REAP_EXPORTS_TASK, isLater: true },
      { taskSlug: RECONCILE_SWEEP_TASK, isLater: true },
    ]);
    expect((await connection()).reconcile).toBeNull();
  });

  it("repairs stock and price drift on the channel, drops listings of deleted entities and reports lost ones", async () => {
    const lampThere = await externalOf(entities.lamp);
    const vaseThere = await externalOf(entities.vase);
    const mugThere = await externalOf(entities.mug);
    const remoteWarehouse = (await call(stores.t, "GET", "/api/inventory/warehouses", { actor: remoteAdmin })).body
      .data[0].id as string;
    await adjust(
      stores.t,
      { entityId: lampThere, warehouseId: remoteWarehouse, type: "restock", quantity: 5 },
      remoteAdmin,
    );
    await call(stores.t, "POST", "/api/pricing/prices", {
      actor: remoteAdmin,
      body: { entityId: vaseThere, currency: "EUR", amount: 1 },
    });
    expect((await call(stores.t, "DELETE", `/api/catalog/entities/${mugThere}`, { actor: remoteAdmin })).status).toBe(
      200,
    );
    expect((await call(stores.t, "DELETE", `/api/catalog/entities/${entities.bowl}`)).status).toBe(200);

    const started = await call(stores.t, "POST", `/api/channels/${connectionId}/reconcile`);
    expect(started.status).toBe(202);
    expect(started.body.data.reconcile).toMatchObject({ status: "running", checked: 0 });
    await drainJobs(stores.t);

    expect((await connection()).reconcile).toMatchObject({
      status: "done",
      checked: 3,
      stockRepaired: 1,
      priceRepaired: 1,
      missing: [entities.mug],
      dropped: 1,
      finishedAt: expect.any(String),
    });
    expect(await availableOf(stores.t, lampThere, remoteAdmin)).toBe(await availableOf(stores.t, entities.lamp));
    const prices = await call(stores.t, "GET", `/api/pricing/prices?entityId=${vaseThere}`, { actor: remoteAdmin });
    expect(prices.body.data.map((price: { amount: number }) => price.amount)).toEqual([2000]);
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from channel_listings where connection_id = ${connectionId}`.execute(stores.t.db);
    expect(Number(rows[0]?.count)).toBe(3);
  });

  it("finds nothing to repair the second time, and the sweep starts a reconcile of every connection", async () => {
    const other = await connectRemote(stores.t);
    expect(await stores.t.kernel.services.channels.sweepReconciles()).toBe(2);
    await drainJobs(stores.t);
    expect((await connection()).reconcile).toMatchObject({
      status: "done",
      checked: 3,
      stockRepaired: 0,
      priceRepaired: 0,
      missing: [entities.mug],
      dropped: 0,
    });
    expect((await call(stores.t, "GET", `/api/channels/${other}`)).body.data.reconcile).toMatchObject({
      status: "done",
      checked: 0,
    });
  });

  it("abandons a backfill that made no progress for a week, so asking again starts over", async () => {
    await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    expect((await connection()).backfill.status).toBe("running");
    expect(await stores.t.kernel.services.channels.reapExports()).toEqual({ staleCursors: 0, exports: 0 });
    const weekLater = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await stores.t.kernel.services.channels.reapExports(weekLater)).toEqual({ staleCursors: 1, exports: 0 });
    expect((await connection()).backfill).toMatchObject({
      status: "idle",
      lastError: expect.stringContaining("abandoned"),
    });
    // Its pending page finds no backfill running and ends without pushing.
    const before = stores.calls.length;
    await drainJobs(stores.t);
    expect(stores.calls.length).toBe(before);
  });
});

describe("reap-exports with an adapter that exports files", () => {
  it("asks each connection's adapter to remove its files older than the retention", async () => {
    const reaped: Date[] = [];
    const feed: ChannelAdapter = {
      id: "feed",
      description: "A feed-file channel (test)",
      open: () => ({
        listProducts: async () => ({ items: [], nextCursor: null }),
        pushProduct: async (product) => ({ externalId: product.slug }),
        setStock: async () => {},
        pullOrders: async () => [],
        acknowledgeOrder: async () => {},
        pushShipments: async () => {},
        readListings: async () => [],
        setPrice: async () => {},
        reapExports: async ({ olderThan }) => {
          reaped.push(olderThan);
          return 2;
        },
      }),
    };
    const t = await createPluginTestApp(channelConnector({ adapters: [feed], exportRetentionMs: 3_600_000 }));
    try {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/channels",
        headers: jsonHeaders(testAdminActor),
        payload: JSON.stringify({
          name: "Feed",
          adapterId: "feed",
          currency: "EUR",
          credentials: { token: "feed-secret" },
        }),
      });
      expect(created.statusCode).toBe(201);
      const now = new Date("2026-01-01T12:00:00Z");
      expect(await t.kernel.services.channels.reapExports(now)).toEqual({ staleCursors: 0, exports: 2 });
      expect(reaped).toEqual([new Date("2026-01-01T11:00:00Z")]);
    } finally {
      await t.close();
    }
  });
});
