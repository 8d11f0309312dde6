import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { createWarehouse, stockedProduct } from "../checkout/testing.js";
import type { CreateShipmentInput, FulfillmentProvider, TrackingEvent } from "./shipping-fulfillment-provider.js";
import { assertShippingConfig } from "./shipping-config.js";
import {
  ann,
  berlin,
  createShipping,
  fulfillFirstLine,
  type PlacedOrder,
  processingOrder as placeProcessingOrder,
  shipmentsOf as shippingShipmentsOf,
  shippingManager,
} from "./shipping-test-helpers.js";

const SECRET = "test-post-secret";
/** Calls that fail before the carrier answers again. */
let outages = 0;
const calls: CreateShipmentInput[] = [];

// A carrier as a plugin would write one: it ships with the shipment id as idempotency key, and signs its
// tracking webhooks with an HMAC of the raw body in `x-test-post-signature`.
const testPost: FulfillmentProvider = {
  id: "test-post",
  async createShipment(input, context) {
    calls.push(input);
    if (typeof context.outbound.request !== "function") throw new Error("no outbound client");
    if (outages > 0) {
      outages -= 1;
      throw new Error("test-post is down");
    }
    const trackingNumber = `TP${input.shipmentId.slice(0, 8).toUpperCase()}`;
    return {
      trackingNumber,
      trackingUrl: `https://track.example/${trackingNumber}`,
      labelUrl: `https://labels.example/${trackingNumber}.pdf`,
    };
  },
  async parseTrackingWebhook({ rawBody, headers }) {
    const expected = createHmac("sha256", SECRET).update(rawBody).digest("hex");
    if (headers["x-test-post-signature"] !== expected) throw new Error("bad signature");
    return (JSON.parse(rawBody.toString("utf8")) as { events: TrackingEvent[] }).events;
  },
};

describe("fulfillment providers and tracking", () => {
  let t: TestApp;
  let entityId: string;
  let optionId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { shipping: { fulfillmentProviders: [testPost] } } });
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "lamp", title: "Lamp", warehouseId, price: 3000, onHand: 50 });
    const zone = await createShipping(t.app, "zones", { name: "Germany", countries: ["DE"] });
    optionId = (
      await createShipping(t.app, "options", {
        name: "Tracked",
        zoneId: zone.id,
        calculator: "flat",
        rates: { EUR: { amount: 500 } },
        fulfillmentProviderId: "test-post",
      })
    ).id;
  });
  afterAll(() => t.close());

  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 20 });
  /** Ann's order of one lamp shipped with the tracked option, moved to `processing` as staff would. */
  const processingOrder = () => placeProcessingOrder(t, { entityId, optionId, quantity: 2 });
  const fulfil = (order: PlacedOrder, quantity = 1, extra = {}) => fulfillFirstLine(t.app, order, quantity, extra);
  const shipmentsOf = (orderId: string) => shippingShipmentsOf(t.app, orderId);
  const webhook = (events: unknown[], signature?: string) => {
    const payload = JSON.stringify({ events });
    return t.app.inject({
      method: "POST",
      url: "/api/shipping/webhooks/test-post",
      headers: {
        "content-type": "application/json",
        "x-test-post-signature": signature ?? createHmac("sha256", SECRET).update(payload).digest("hex"),
      },
      payload,
    });
  };

  it("asks the provider for a shipment after the fulfillment commits, once, and records its tracking", async () => {
    const order = await processingOrder();
    calls.length = 0;
    const fulfilled = await fulfil(order);
    expect(fulfilled.status).toBe(201);
    // Not called inside the fulfillment's transaction: only the job calls it.
    expect(calls).toHaveLength(0);
    expect(await shipmentsOf(order.id)).toEqual([expect.objectContaining({ status: "pending", trackingNumber: null })]);
    await runJobs();
    await runJobs();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      orderId: order.id,
      optionId,
      address: berlin,
      fulfillmentId: fulfilled.body.data.id,
    });
    const [shipment] = await shipmentsOf(order.id);
    expect(shipment).toMatchObject({
      status: "created",
      trackingNumber: expect.stringMatching(/^TP/),
      labelUrl: expect.any(String),
    });
    const fulfillments = (await call(t.app, "GET", `/api/orders/${order.id}/fulfillments`)).body.data;
    expect(fulfillments[0]).toMatchObject({ carrier: "test-post", trackingNumber: shipment.trackingNumber });
  });

  it("retries a provider outage with the same idempotency key and never ships twice", async () => {
    const order = await processingOrder();
    calls.length = 0;
    outages = 1;
    await fulfil(order);
    await runJobs();
    const [failed] = await shipmentsOf(order.id);
    expect(failed).toMatchObject({ status: "pending", trackingNumber: null });
    await sql`update jobs set wait_until = now() where task_slug = 'shipping/create-shipment' and status = 'pending'`.execute(
      t.db,
    );
    await runJobs();
    expect(calls.map((input) => input.shipmentId)).toEqual([failed.id, failed.id]);
    expect(await shipmentsOf(order.id)).toEqual([expect.objectContaining({ id: failed.id, status: "created" })]);
    // A second run of the same job (a lease that expired, an administrator's retry) asks nothing more.
    await t.kernel.services.shipping.createProviderShipment("default", failed.id, { isLast: false });
    expect(calls).toHaveLength(2);
  });

  it("leaves a fulfillment with typed tracking to staff (manual)", async () => {
    const order = await processingOrder();
    calls.length = 0;
    await fulfil(order, 1, { carrier: "DHL", trackingNumber: "JD0001" });
    await runJobs();
    expect(calls).toHaveLength(0);
    expect(await shipmentsOf(order.id)).toEqual([]);
  });

  it("records verified tracking events once, refuses forged ones, and shows them to the customer", async () => {
    const order = await processingOrder();
    await fulfil(order, 2);
    await runJobs();
    const [shipment] = await shipmentsOf(order.id);
    const events = [
      {
        eventId: "e1",
        trackingNumber: shipment.trackingNumber,
        status: "in_transit",
        occurredAt: "2026-11-28T10:00:00Z",
      },
      {
        eventId: "e2",
        trackingNumber: shipment.trackingNumber,
        status: "delivered",
        occurredAt: "2026-11-28T15:00:00Z",
        description: "Left at door",
      },
      { eventId: "e3", trackingNumber: "TP-NOT-OURS", status: "delivered", occurredAt: "2026-11-28T15:00:00Z" },
    ];
    const first = await webhook(events);
    expect([first.statusCode, first.json().data]).toEqual([200, { recorded: 2, duplicates: 0, unknown: 1 }]);
    const replay = await webhook(events);
    expect(replay.json().data).toEqual({ recorded: 0, duplicates: 2, unknown: 1 });
    const forged = await webhook([{ ...events[0], eventId: "e9", status: "returned" }], "0".repeat(64));
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, "TRACKING_WEBHOOK_REJECTED"]);
    const tracking = await call(t.app, "GET", `/api/me/orders/${order.number}/tracking`, { actor: ann });
    expect(tracking.body.data.shipments[0]).toMatchObject({
      trackingNumber: shipment.trackingNumber,
      trackingStatus: "delivered",
      trackingEvents: [
        { status: "in_transit", description: null },
        { status: "delivered", description: "Left at door" },
      ],
    });
    const unknownProvider = await t.app.inject({ method: "POST", url: "/api/shipping/webhooks/nobody", payload: "{}" });
    expect(unknownProvider.statusCode).toBe(404);
  });

  it("keeps shipments to their organization, and refuses an unknown provider", async () => {
    const order = await processingOrder();
    await fulfil(order);
    await runJobs();
    const theirs = await call(t.app, "GET", `/api/shipping/shipments?orderId=${order.id}`, { actor: otherOrgAdmin });
    expect(theirs.body.data).toEqual([]);
    const bob = createTestActor({ id: "user-bob", customerId: "customer-bob", permissions: ["orders:read:own"] });
    const other = await call(t.app, "GET", `/api/me/orders/${order.id}/tracking`, { actor: bob });
    expect(other.status).toBe(404);
    const unknown = await call(t.app, "PATCH", `/api/shipping/options/${optionId}`, {
      actor: shippingManager,
      body: { fulfillmentProviderId: "nobody" },
    });
    expect([unknown.status, unknown.body.error.issues[0].path]).toEqual([422, "body.fulfillmentProviderId"]);
    expect(() => assertShippingConfig({ fulfillmentProviders: [testPost, testPost] })).toThrow(/listed twice/);
  });
});
