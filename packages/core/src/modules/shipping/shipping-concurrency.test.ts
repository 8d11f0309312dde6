import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartWith, checkout, createWarehouse, stockedProduct } from "../checkout/testing.js";
import type { FulfillmentProvider, TrackingEvent } from "./shipping-fulfillment-provider.js";
import { berlin, createShipping, setCartShipping, shippingManager } from "./shipping-test-helpers.js";

const SECRET = "concurrency-secret";
let shipped = 0;

const countingCarrier: FulfillmentProvider = {
  id: "counting-post",
  async createShipment(input) {
    shipped += 1;
    return { trackingNumber: `CP${input.shipmentId}` };
  },
  async parseTrackingWebhook({ rawBody, headers }) {
    if (headers["x-signature"] !== createHmac("sha256", SECRET).update(rawBody).digest("hex"))
      throw new Error("forged");
    return (JSON.parse(rawBody.toString("utf8")) as { events: TrackingEvent[] }).events;
  },
};

describe.runIf(isPostgresTestRun())("shipping under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { shipping: { fulfillmentProviders: [countingCarrier] } } });
  });
  afterAll(() => t.close());

  it("makes exactly one default profile when 10 first options are created at once", async () => {
    const zone = await createShipping(t.app, "zones", { name: "Germany", countries: ["DE"] });
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(t.app, "POST", "/api/shipping/options", {
          actor: shippingManager,
          body: { name: `Option ${index}`, zoneId: zone.id, calculator: "flat", rates: { EUR: { amount: 100 } } },
        }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(10).fill(201));
    const profiles = (await call(t.app, "GET", "/api/shipping/profiles", { actor: shippingManager })).body.data;
    expect(profiles).toEqual([expect.objectContaining({ name: "default", isDefault: true })]);
    expect(new Set(created.map((response) => response.body.data.profileId))).toEqual(new Set([profiles[0].id]));
  });

  it("asks the provider once when the job runs in parallel, and records a tracking event once when it arrives 10 times at once", async () => {
    const zone = await createShipping(t.app, "zones", { name: "Tracked zone", countries: ["DE"] });
    const option = await createShipping(t.app, "options", {
      name: "Tracked",
      zoneId: zone.id,
      calculator: "flat",
      rates: { EUR: { amount: 500 } },
      fulfillmentProviderId: "counting-post",
    });
    const warehouseId = await createWarehouse(t.app);
    const entityId = await stockedProduct(t.app, { slug: "vase", warehouseId, price: 2000, onHand: 10 });
    const cart = await cartWith(t.app, [{ entityId, quantity: 1 }]);
    // The options created above use the default profile too: choose the tracked one.
    await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.id] });
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    const order = placed.body.data;
    await sql`update orders set status = 'processing' where id = ${order.id}`.execute(t.db);
    await call(t.app, "POST", `/api/orders/${order.id}/fulfillments`, {
      body: { lines: [{ lineItemId: order.lines[0].lineItemId, quantity: 1 }] },
    });
    const [pending] = (
      await call(t.app, "GET", `/api/shipping/shipments?orderId=${order.id}`, { actor: shippingManager })
    ).body.data;
    shipped = 0;
    // Runs that find another one asking fail (the queue retries them later) or find the tracking recorded.
    const runs = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        t.kernel.services.shipping.createProviderShipment("default", pending.id, { isLast: false }),
      ),
    );
    expect(runs.filter((run) => run.status === "fulfilled" && run.value !== null)).toHaveLength(1);
    const [shipment] = (
      await call(t.app, "GET", `/api/shipping/shipments?orderId=${order.id}`, { actor: shippingManager })
    ).body.data;
    expect(shipped).toBe(1);
    expect(shipment).toMatchObject({ status: "created", trackingNumber: `CP${pending.id}` });

    const payload = JSON.stringify({
      events: [
        {
          eventId: "e1",
          trackingNumber: shipment.trackingNumber,
          status: "in_transit",
          occurredAt: new Date().toISOString(),
        },
      ],
    });
    const signature = createHmac("sha256", SECRET).update(payload).digest("hex");
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/shipping/webhooks/counting-post",
          headers: { "content-type": "application/json", "x-signature": signature },
          payload,
        }),
      ),
    );
    const counts = deliveries.map((response) => response.json().data);
    expect(counts.reduce((sum, count) => sum + count.recorded, 0)).toBe(1);
    expect(counts.reduce((sum, count) => sum + count.duplicates, 0)).toBe(9);
  });
});
