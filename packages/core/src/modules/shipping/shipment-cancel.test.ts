import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { createWarehouse, stockedProduct } from "../checkout/testing.js";
import type { FulfillmentProvider, TrackingEvent } from "./shipping-fulfillment-provider.js";
import {
  createShipping,
  fulfillFirstLine,
  processingOrder,
  shipmentsOf as shippingShipmentsOf,
  shippingManager,
} from "./shipping-test-helpers.js";

const SECRET = "cancel-post-secret";
let created = 0;
const cancelled: string[] = [];
/** Cancel calls that fail before the carrier answers again. */
let cancelOutages = 0;

const cancelPost: FulfillmentProvider = {
  id: "cancel-post",
  async createShipment(input) {
    created += 1;
    return { trackingNumber: `CP${input.shipmentId.slice(0, 8).toUpperCase()}` };
  },
  async cancelShipment(input) {
    cancelled.push(input.shipmentId);
    if (cancelOutages > 0) {
      cancelOutages -= 1;
      throw new Error("cancel-post is down");
    }
  },
  async parseTrackingWebhook({ rawBody, headers }) {
    const expected = createHmac("sha256", SECRET).update(rawBody).digest("hex");
    if (headers["x-signature"] !== expected) throw new Error("bad signature");
    return (JSON.parse(rawBody.toString("utf8")) as { events: TrackingEvent[] }).events;
  },
};

describe("shipments in the order timeline, and their cancellation", () => {
  let t: TestApp;
  let entityId: string;
  let optionId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { shipping: { fulfillmentProviders: [cancelPost] } } });
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "vase", title: "Vase", warehouseId, price: 2000, onHand: 50 });
    const zone = await createShipping(t.app, "zones", { name: "Germany", countries: ["DE"] });
    optionId = (
      await createShipping(t.app, "options", {
        name: "Cancellable",
        zoneId: zone.id,
        calculator: "flat",
        rates: { EUR: { amount: 400 } },
        fulfillmentProviderId: "cancel-post",
      })
    ).id;
  });
  afterAll(() => t.close());

  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 20 });
  /** Ann's order of one vase, fulfilled (and, unless told not to, shipped by the job). */
  const shippedOrder = async ({ runCreate = true } = {}) => {
    const order = await processingOrder(t, { entityId, optionId, quantity: 1 });
    const fulfilled = await fulfillFirstLine(t.app, order, 1);
    if (fulfilled.status !== 201) throw new Error(`not fulfilled: ${JSON.stringify(fulfilled.body)}`);
    if (runCreate) await runJobs();
    const [shipment] = await shipmentsOf(order.id);
    return { order, shipment: shipment as { id: string; trackingNumber: string | null; status: string } };
  };
  const shipmentsOf = (orderId: string) => shippingShipmentsOf(t.app, orderId);
  const shipmentEntries = async (orderId: string) =>
    (
      (await call(t.app, "GET", `/api/orders/${orderId}/timeline`)).body.data as {
        type: string;
        data: Record<string, unknown>;
      }[]
    ).filter((entry) => entry.type === "shipment");
  const cancel = (id: string, actor = shippingManager) =>
    call(t.app, "POST", `/api/shipping/shipments/${id}/cancel`, { actor });
  const webhook = (events: unknown[], signature?: string) => {
    const payload = JSON.stringify({ events });
    return t.app.inject({
      method: "POST",
      url: "/api/shipping/webhooks/cancel-post",
      headers: {
        "content-type": "application/json",
        "x-signature": signature ?? createHmac("sha256", SECRET).update(payload).digest("hex"),
      },
      payload,
    });
  };

  it("shows the created shipment and each verified tracking event in the order's timeline, as the carrier sent it", async () => {
    const { order, shipment } = await shippedOrder();
    expect(await shipmentEntries(order.id)).toEqual([
      expect.objectContaining({
        actor: null,
        summary: `Shipment ${shipment.trackingNumber} created by cancel-post`,
        data: expect.objectContaining({
          change: "created",
          shipmentId: shipment.id,
          trackingNumber: shipment.trackingNumber,
        }),
      }),
    ]);
    const event = {
      eventId: "t1",
      trackingNumber: shipment.trackingNumber,
      status: "in_transit",
      occurredAt: "2026-11-28T09:15:00+01:00",
      description: "Sorted",
      location: "Leipzig hub",
    };
    expect((await webhook([event])).statusCode).toBe(200);
    // Forged and replayed deliveries add nothing to the timeline.
    expect((await webhook([{ ...event, eventId: "t2" }], "0".repeat(64))).statusCode).toBe(400);
    await webhook([event]);
    const entries = await shipmentEntries(order.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      summary: `Shipment ${shipment.trackingNumber}: in transit, Leipzig hub (Sorted)`,
      data: {
        change: "tracked",
        shipmentId: shipment.id,
        eventId: "t1",
        status: "in_transit",
        description: "Sorted",
        location: "Leipzig hub",
        occurredAt: "2026-11-28T09:15:00+01:00",
      },
    });
    const [tracked] = await shipmentsOf(order.id);
    expect(tracked.events).toEqual([
      { status: "in_transit", description: "Sorted", location: "Leipzig hub", occurredAt: "2026-11-28T08:15:00.000Z" },
    ]);
    const otherTimeline = await call(t.app, "GET", `/api/orders/${order.id}/timeline`, { actor: otherOrgAdmin });
    expect(otherTimeline.status).toBe(404);
  });

  it("cancels a shipment through the provider after commit, once, even when the job runs again", async () => {
    const { order, shipment } = await shippedOrder();
    cancelled.length = 0;
    const requested = await cancel(shipment.id);
    expect([requested.status, requested.body.data.status]).toEqual([200, "cancelling"]);
    // Not asked inside the request's transaction; asking again enqueues nothing more.
    expect(cancelled).toEqual([]);
    expect((await cancel(shipment.id)).body.data.status).toBe("cancelling");
    await runJobs();
    await runJobs();
    await t.kernel.services.shipping.cancelProviderShipment("default", shipment.id);
    expect(cancelled).toEqual([shipment.id]);
    expect(await shipmentsOf(order.id)).toEqual([expect.objectContaining({ id: shipment.id, status: "cancelled" })]);
    const changes = (await shipmentEntries(order.id)).map((entry) => entry.data.change);
    expect(changes).toEqual(["cancelled", "cancelRequested", "created"]);
    // A carrier event after the cancellation is kept but does not undo it.
    await webhook([
      {
        eventId: "late",
        trackingNumber: shipment.trackingNumber,
        status: "in_transit",
        occurredAt: "2026-11-28T12:00:00Z",
      },
    ]);
    expect((await shipmentsOf(order.id))[0].status).toBe("cancelled");
  });

  it("retries a provider outage on cancel with the same key until it succeeds", async () => {
    const { shipment, order } = await shippedOrder();
    cancelled.length = 0;
    cancelOutages = 1;
    await cancel(shipment.id);
    await runJobs();
    expect((await shipmentsOf(order.id))[0].status).toBe("cancelling");
    await sql`update jobs set wait_until = now() where task_slug = 'shipping/cancel-shipment' and status = 'pending'`.execute(
      t.db,
    );
    await runJobs();
    expect(cancelled).toEqual([shipment.id, shipment.id]);
    expect((await shipmentsOf(order.id))[0].status).toBe("cancelled");
  });

  it("cancels a shipment not yet made without asking the carrier, and never makes it afterwards", async () => {
    created = 0;
    cancelled.length = 0;
    const { order, shipment } = await shippedOrder({ runCreate: false });
    expect(shipment.status).toBe("pending");
    expect((await cancel(shipment.id)).body.data.status).toBe("cancelling");
    await runJobs();
    await runJobs();
    expect([created, cancelled]).toEqual([0, []]);
    expect(await shipmentsOf(order.id)).toEqual([
      expect.objectContaining({ status: "cancelled", trackingNumber: null }),
    ]);
  });

  it("refuses to cancel a delivered shipment, another organization's, an unknown one, or without the permission", async () => {
    const { order, shipment } = await shippedOrder();
    await webhook([
      {
        eventId: "d1",
        trackingNumber: shipment.trackingNumber,
        status: "delivered",
        occurredAt: "2026-11-28T16:00:00Z",
      },
    ]);
    const before = await shipmentEntries(order.id);
    const delivered = await cancel(shipment.id);
    expect([delivered.status, delivered.body.error.code, delivered.body.error.details.reason]).toEqual([
      409,
      "CONFLICT",
      "SHIPMENT_DELIVERED",
    ]);
    expect((await cancel(shipment.id, otherOrgAdmin)).status).toBe(404);
    expect((await cancel("not-a-uuid")).status).toBe(404);
    expect((await cancel("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const viewer = createTestActor({ id: "viewer", permissions: ["shipping:read"] });
    expect((await cancel(shipment.id, viewer)).status).toBe(403);
    // Nothing changed: still delivered, no job, no timeline entry.
    expect((await shipmentsOf(order.id))[0].status).toBe("delivered");
    expect(await shipmentEntries(order.id)).toEqual(before);
    const jobs = await sql<{
      n: number;
    }>`select count(*)::int as n from jobs where task_slug = 'shipping/cancel-shipment' and input->>'shipmentId' = ${shipment.id}`.execute(
      t.db,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  });

  // Races need real concurrent connections: PostgreSQL only (PGlite has one connection).
  it.skipIf(!isPostgresTestRun())(
    "asks the carrier once under 10 concurrent cancel requests and 5 parallel runs of the job",
    async () => {
      const { order, shipment } = await shippedOrder();
      cancelled.length = 0;
      const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(shipment.id)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const jobs = await sql<{ n: number }>`
        select count(*)::int as n from jobs where task_slug = 'shipping/cancel-shipment' and input->>'shipmentId' = ${shipment.id}`.execute(
        t.db,
      );
      expect(jobs.rows[0]?.n).toBe(1);
      await Promise.allSettled(
        Array.from({ length: 5 }, () => t.kernel.services.shipping.cancelProviderShipment("default", shipment.id)),
      );
      await runJobs();
      expect(cancelled).toEqual([shipment.id]);
      expect((await shipmentsOf(order.id))[0].status).toBe("cancelled");
      const entries = (await shipmentEntries(order.id)).filter((entry) => entry.data.change !== "created");
      expect(entries.map((entry) => entry.data.change)).toEqual(["cancelled", "cancelRequested"]);
    },
  );
});
