import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, isPostgresTestRun } from "@unified-commerce/plugin-sdk/testing";
import { PULL_ORDERS_TASK } from "./channel-declarations.js";
import {
  availableOf,
  call,
  checkoutLines,
  connectRemote,
  connectTwoStores,
  drainJobs,
  product,
  REMOTE_ORGANIZATION,
  remoteAdmin,
  warehouse,
  type TwoStores,
} from "./channel-test-helpers.js";

const remoteShopper = createTestActor({
  id: "remote-storefront",
  type: "apiKey",
  organizationId: REMOTE_ORGANIZATION,
  permissions: ["cart:create", "cart:read", "cart:update", "orders:create", "catalog:read"],
});

describe("orders from the channel", () => {
  let stores: TwoStores;
  let connectionId: string;
  let main: string;
  let lamp: string;
  const externalOf = async (entityId: string): Promise<string> => {
    const { rows } = await sql<{
      externalId: string;
    }>`select external_id from channel_listings where connection_id = ${connectionId} and entity_id = ${entityId}`.execute(
      stores.t.db,
    );
    return rows[0]?.externalId ?? "";
  };
  const localOrders = async (): Promise<number> =>
    (await call(stores.t, "GET", "/api/orders?limit=1")).body.meta.pagination.total;
  const remoteStatus = async (orderId: string): Promise<string> =>
    (await call(stores.t, "GET", `/api/orders/${orderId}`, { actor: remoteAdmin })).body.data.status;
  /** A shopper's order on the other store; answers its id. */
  const remoteOrder = async (entityId: string, quantity: number): Promise<string> => {
    const placed = await checkoutLines(stores.t, [{ entityId: await externalOf(entityId), quantity }], remoteShopper);
    if (placed.status !== 201) throw new Error(`remote order not placed: ${placed.text}`);
    return placed.body.data.id as string;
  };
  const pull = async () => {
    expect((await call(stores.t, "POST", `/api/channels/${connectionId}/orders/pull`)).status).toBe(202);
    await drainJobs(stores.t);
  };

  beforeAll(async () => {
    stores = await connectTwoStores();
    main = await warehouse(stores.t, "main");
    lamp = await product(stores.t, { slug: "lamp", price: 4000, onHand: 10, warehouseId: main });
    connectionId = await connectRemote(stores.t);
    await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
    await drainJobs(stores.t);
  }, 120_000);
  afterAll(() => stores.close());

  it("imports the channel's pending order through checkout and confirms it on the channel", async () => {
    const remoteId = await remoteOrder(lamp, 2);
    const before = await localOrders();
    await pull();
    expect(await localOrders()).toBe(before + 1);
    expect(await availableOf(stores.t, lamp)).toBe(8);
    expect(await remoteStatus(remoteId)).toBe("confirmed");
    const { rows } = await sql<{
      orderId: string;
      status: string;
    }>`select order_id, status from channel_orders where external_order_id = ${remoteId}`.execute(stores.t.db);
    expect(rows).toEqual([{ orderId: expect.any(String), status: "imported" }]);
    const order = await call(stores.t, "GET", `/api/orders/${rows[0]?.orderId}`);
    expect(order.body.data).toMatchObject({ status: "pending", currency: "EUR", total: 8000 });
    expect(order.body.data.lines).toEqual([expect.objectContaining({ entityId: lamp, quantity: 2, unitPrice: 4000 })]);
    expect((await call(stores.t, "GET", `/api/channels/${connectionId}`)).body.data).toMatchObject({
      ordersImported: 1,
      ordersRejected: 0,
    });
  });

  it("makes one order of a channel order delivered three times", async () => {
    const remoteId = await remoteOrder(lamp, 1);
    const before = await localOrders();
    // The first acknowledgement is lost: the pull's attempt fails after the import, the channel delivers the order again.
    stores.failOnce((entry) => entry.method === "PATCH" && entry.path === `/api/orders/${remoteId}/status`);
    await pull();
    expect(await remoteStatus(remoteId)).toBe("confirmed");
    // A third delivery (a webhook, say) of the same order.
    const third = await stores.t.kernel.services.channels.importOrder("default", connectionId, {
      externalId: remoteId,
      currency: "EUR",
      lines: [{ externalProductId: await externalOf(lamp), quantity: 1 }],
    });
    expect(third).toMatchObject({ isDuplicate: true, outcome: { status: "accepted" } });
    expect(await localOrders()).toBe(before + 1);
    expect(await availableOf(stores.t, lamp)).toBe(7);
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from jobs where task_slug = ${PULL_ORDERS_TASK} and status = 'succeeded'`.execute(stores.t.db);
    expect(Number(rows[0]?.count)).toBeGreaterThanOrEqual(2);
  });

  it("refuses an order this store cannot fill, recording why and cancelling it on the channel", async () => {
    // The channel still shows stock this store no longer has (a sale at the counter, not pushed yet).
    await call(stores.t, "POST", "/api/inventory/adjust", {
      body: { entityId: lamp, warehouseId: main, type: "sale", quantity: 6 },
    });
    const remoteId = await remoteOrder(lamp, 3);
    const before = await localOrders();
    await pull();
    expect(await localOrders()).toBe(before);
    expect(await availableOf(stores.t, lamp)).toBe(1);
    expect(await remoteStatus(remoteId)).toBe("cancelled");
    const { rows } = await sql<{
      status: string;
      reason: string;
    }>`select status, reason from channel_orders where external_order_id = ${remoteId}`.execute(stores.t.db);
    expect(rows).toEqual([{ status: "rejected", reason: expect.stringContaining("Not enough stock") }]);
    expect((await call(stores.t, "GET", `/api/channels/${connectionId}`)).body.data).toMatchObject({
      ordersRejected: 1,
    });
  });

  it("receives a pushed order over HTTP once however often it is delivered", async () => {
    const externalProductId = await externalOf(lamp);
    const before = await localOrders();
    const stockBefore = await availableOf(stores.t, lamp);
    const deliver = () =>
      call(stores.t, "POST", `/api/channels/${connectionId}/orders`, {
        body: { externalId: "pushed-1", currency: "EUR", lines: [{ externalProductId, quantity: 1 }] },
      });
    const answers = [await deliver(), await deliver(), await deliver()];
    expect(
      answers.map((answer) => [answer.status, answer.body.data.isDuplicate, answer.body.data.outcome.status]),
    ).toEqual([
      [200, false, "accepted"],
      [200, true, "accepted"],
      [200, true, "accepted"],
    ]);
    expect(new Set(answers.map((answer) => answer.body.data.outcome.orderId)).size).toBe(1);
    expect(await localOrders()).toBe(before + 1);
    expect(await availableOf(stores.t, lamp)).toBe(stockBefore - 1);
    const refused = await call(stores.t, "POST", `/api/channels/${connectionId}/orders`, {
      body: { externalId: "pushed-2", currency: "EUR", lines: [] },
    });
    expect(refused.status).toBe(422);
  });

  it("refuses an order of a product the connection does not list", async () => {
    const result = await stores.t.kernel.services.channels.importOrder("default", connectionId, {
      externalId: "ext-unknown",
      currency: "EUR",
      lines: [{ externalProductId: "not-listed", quantity: 1 }],
    });
    expect(result).toMatchObject({
      isDuplicate: false,
      outcome: { status: "rejected", reason: expect.stringContaining("not listed") },
    });
  });

  it("sends this store's shipments of an imported order back to the channel, once", async () => {
    await call(stores.t, "POST", "/api/inventory/adjust", {
      body: { entityId: lamp, warehouseId: main, type: "restock", quantity: 10 },
    });
    await drainJobs(stores.t);
    const remoteId = await remoteOrder(lamp, 3);
    await pull();
    const { rows } = await sql<{
      orderId: string;
    }>`select order_id from channel_orders where external_order_id = ${remoteId}`.execute(stores.t.db);
    const orderId = rows[0]?.orderId ?? "";
    const order = (await call(stores.t, "GET", `/api/orders/${orderId}`)).body.data;
    for (const status of ["confirmed", "processing"])
      expect((await call(stores.t, "PATCH", `/api/orders/${orderId}/status`, { body: { status } })).status).toBe(200);
    const lineItemId = order.lines[0].lineItemId as string;
    const ship = (quantity: number, trackingNumber: string) =>
      call(stores.t, "POST", `/api/orders/${orderId}/fulfillments`, {
        body: { lines: [{ lineItemId, quantity }], carrier: "DHL", trackingNumber },
      });
    expect((await ship(1, "TRACK-1")).status).toBe(201);
    await drainJobs(stores.t);
    const remoteShipments = async () =>
      (await call(stores.t, "GET", `/api/orders/${remoteId}/fulfillments`, { actor: remoteAdmin })).body.data as {
        trackingNumber: string;
        lines: { quantity: number }[];
      }[];
    expect((await remoteShipments()).map((shipment) => [shipment.trackingNumber, shipment.lines[0]?.quantity])).toEqual(
      [["TRACK-1", 1]],
    );
    expect(await remoteStatus(remoteId)).toBe("partially_fulfilled");

    expect((await ship(2, "TRACK-2")).status).toBe(201);
    await drainJobs(stores.t);
    // Pushing the same state again (a job run twice) ships nothing more.
    await stores.t.kernel.services.channels.runOrderPush("default", { connectionId, orderId });
    expect((await remoteShipments()).map((shipment) => [shipment.trackingNumber, shipment.lines[0]?.quantity])).toEqual(
      [
        ["TRACK-2", 2],
        ["TRACK-1", 1],
      ],
    );
    expect(await remoteStatus(remoteId)).toBe("fulfilled");
  });

  it.runIf(isPostgresTestRun())(
    "never oversells when channel orders race local checkouts for the last units, and imports a racing duplicate once",
    async () => {
      const last = await product(stores.t, { slug: "last-units", price: 900, onHand: 5, warehouseId: main });
      await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`);
      await drainJobs(stores.t);
      const externalId = await externalOf(last);
      const ordersBefore = await localOrders();
      const channel = stores.t.kernel.services.channels;
      const results = await Promise.all([
        ...Array.from({ length: 8 }, () =>
          checkoutLines(stores.t, [{ entityId: last, quantity: 1 }]).then((placed) => placed.status === 201),
        ),
        ...Array.from({ length: 8 }, (_, index) =>
          channel
            .importOrder("default", connectionId, {
              externalId: `race-${index}`,
              currency: "EUR",
              lines: [{ externalProductId: externalId, quantity: 1 }],
            })
            .then((result) => result.outcome.status === "accepted" && !result.isDuplicate),
        ),
        ...Array.from({ length: 3 }, () =>
          channel
            .importOrder("default", connectionId, {
              externalId: "race-duplicate",
              currency: "EUR",
              lines: [{ externalProductId: externalId, quantity: 1 }],
            })
            .then((result) => result.outcome.status === "accepted" && !result.isDuplicate),
        ),
      ]);
      expect(results.filter(Boolean)).toHaveLength(5);
      expect(await localOrders()).toBe(ordersBefore + 5);
      const { rows } = await sql<{
        onHand: number;
        reserved: number;
      }>`select on_hand, reserved from inventory_levels where organization_id = 'default' and entity_id = ${last}`.execute(
        stores.t.db,
      );
      expect(rows).toEqual([{ onHand: 0, reserved: 0 }]);
      const duplicates = await sql<{
        count: string;
      }>`select count(*) from channel_orders where external_order_id = 'race-duplicate'`.execute(stores.t.db);
      expect(Number(duplicates.rows[0]?.count)).toBe(1);
    },
  );
});
