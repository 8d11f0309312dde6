import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresTestRun } from "@unified-commerce/plugin-sdk/testing";
import { SYNC_INVENTORY_TASK } from "./channel-declarations.js";
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

describe("stock sync to the channel", () => {
  let stores: TwoStores;
  let connectionId: string;
  let main: string;
  let tea: string;
  let pot: string;
  const externalOf = async (entityId: string): Promise<string> => {
    const { rows } = await sql<{
      externalId: string;
    }>`select external_id from channel_listings where connection_id = ${connectionId} and entity_id = ${entityId}`.execute(
      stores.t.db,
    );
    return rows[0]?.externalId ?? "";
  };
  const pushes = async (): Promise<number> =>
    (await call(stores.t, "GET", `/api/channels/${connectionId}`)).body.data.stockPushes;

  beforeAll(async () => {
    stores = await connectTwoStores();
    main = await warehouse(stores.t, "main");
    tea = await product(stores.t, { slug: "tea", price: 500, onHand: 40, warehouseId: main });
    pot = await product(stores.t, { slug: "pot", price: 2500, onHand: 3, warehouseId: main });
    connectionId = await connectRemote(stores.t);
    await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    await drainJobs(stores.t);
  }, 120_000);
  afterAll(() => stores.close());

  it("enqueues nothing for entities no connection lists", async () => {
    const unlisted = await product(stores.t, { slug: "unlisted", price: 100 });
    await adjust(stores.t, { entityId: unlisted, warehouseId: main, type: "restock", quantity: 5 });
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from jobs where task_slug = ${SYNC_INVENTORY_TASK} and status = 'pending'`.execute(stores.t.db);
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it("ends at the right level after 100 adjustments, with far fewer pushes than adjustments", async () => {
    expect(await availableOf(stores.t, await externalOf(tea), remoteAdmin)).toBe(40);
    const pushesBefore = await pushes();
    const adjustCallsBefore = stores.calls.filter((entry) => entry.path === "/api/inventory/adjust").length;
    for (let index = 0; index < 100; index += 1) {
      await adjust(
        stores.t,
        index % 3 === 2
          ? { entityId: tea, warehouseId: main, type: "sale", quantity: 2 }
          : { entityId: tea, warehouseId: main, type: "restock", quantity: 1 },
      );
      // A worker drains the queue once in the middle of the burst.
      if (index === 49) await drainJobs(stores.t);
    }
    // One pending push for the listing at a time: the burst's older jobs were superseded.
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from jobs where task_slug = ${SYNC_INVENTORY_TASK} and status = 'pending'`.execute(stores.t.db);
    expect(Number(rows[0]?.count)).toBe(1);
    await drainJobs(stores.t);

    const local = await availableOf(stores.t, tea);
    expect(local).toBe(40 + 67 - 66);
    expect(await availableOf(stores.t, await externalOf(tea), remoteAdmin)).toBe(local);
    const pushed = (await pushes()) - pushesBefore;
    expect(pushed).toBeGreaterThanOrEqual(1);
    expect(pushed).toBeLessThanOrEqual(2);
    expect(
      stores.calls.filter((entry) => entry.path === "/api/inventory/adjust").length - adjustCallsBefore,
    ).toBeLessThanOrEqual(2);
  });

  it("pushes a sale made by a local checkout, and keeps each listing's level apart", async () => {
    const cart = await call(stores.t, "POST", "/api/carts", { body: { currency: "EUR" } });
    const headers = { "x-cart-token": cart.body.data.cartToken as string };
    await call(stores.t, "POST", `/api/carts/${cart.body.data.id}/items`, {
      headers,
      body: { entityId: pot, quantity: 2 },
    });
    const placed = await call(stores.t, "POST", "/api/checkout", {
      headers,
      body: { cartId: cart.body.data.id, paymentMethodId: "manual", currency: "EUR" },
    });
    expect(placed.status).toBe(201);
    await drainJobs(stores.t);
    expect(await availableOf(stores.t, await externalOf(pot), remoteAdmin)).toBe(1);
    expect(await availableOf(stores.t, await externalOf(tea), remoteAdmin)).toBe(await availableOf(stores.t, tea));
  });

  it("retries a push the channel could not take, and the retry pushes the level current then", async () => {
    stores.failOnce((entry) => entry.path.startsWith("/api/inventory/check"));
    await adjust(stores.t, { entityId: tea, warehouseId: main, type: "restock", quantity: 10 });
    await drainJobs(stores.t);
    expect(await availableOf(stores.t, await externalOf(tea), remoteAdmin)).toBe(await availableOf(stores.t, tea));
  });

  it.runIf(isPostgresTestRun())(
    "ends at the right level when 100 concurrent adjustments race a running worker",
    async () => {
      const worker = stores.t.kernel.services.jobs.queue.startWorker({
        db: stores.t.db,
        queue: "default",
        concurrency: 4,
        intervalMs: 20,
        reapIntervalMs: 0,
      });
      try {
        const pushesBefore = await pushes();
        for (let batch = 0; batch < 10; batch += 1) {
          await Promise.all(
            Array.from({ length: 10 }, (_, index) =>
              adjust(
                stores.t,
                (batch + index) % 4 === 3
                  ? { entityId: tea, warehouseId: main, type: "sale", quantity: 1 }
                  : { entityId: tea, warehouseId: main, type: "restock", quantity: 2 },
              ),
            ),
          );
        }
        await worker.stop();
        await drainJobs(stores.t);
        expect(await availableOf(stores.t, await externalOf(tea), remoteAdmin)).toBe(await availableOf(stores.t, tea));
        expect((await pushes()) - pushesBefore).toBeLessThan(100);
      } finally {
        await worker.stop();
      }
    },
  );

  it("stops syncing a deleted connection's listings", async () => {
    await call(stores.t, "DELETE", `/api/channels/${connectionId}`);
    const before = stores.calls.length;
    await adjust(stores.t, { entityId: tea, warehouseId: main, type: "restock", quantity: 1 });
    await drainJobs(stores.t);
    expect(stores.calls.length).toBe(before);
  });
});
