import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartWith, checkout, createWarehouse, stockedProduct } from "../checkout/testing.js";
import { testCarrierAdapter } from "./test-carrier-adapter.js";
import { startTestCarrierServer, type TestCarrierServer } from "./test-carrier-server.js";
import {
  ann,
  berlin,
  createShipping,
  fulfillFirstLine,
  processingOrder,
  setAttributes,
  setCartShipping,
  shipmentsOf as shippingShipmentsOf,
  shippingOptionsOf,
} from "./shipping-test-helpers.js";

type Quoted = { id: string; isApplicable: boolean; reason: string | null; amount: number; rateSource: string };

// The bundled test carrier end to end: the real HTTP adapter, through the kernel's guarded outbound
// client, against the test carrier server on loopback.
describe("the test carrier over HTTP", () => {
  let t: TestApp;
  let carrier: TestCarrierServer;
  let entityId: string;
  let withFallback: string;
  let withoutFallback: string;
  let shippedOption: string;

  beforeAll(async () => {
    carrier = await startTestCarrierServer();
    const adapter = testCarrierAdapter({
      apiBaseUrl: carrier.url,
      apiKey: carrier.apiKey,
      webhookSecret: carrier.webhookSecret,
    });
    t = await createTestApp({
      config: { shipping: { rateProviders: [adapter], fulfillmentProviders: [adapter], rateTimeoutMs: 200 } },
    });
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "crate", warehouseId, price: 1000, onHand: 500 });
    await setAttributes(t.app, { entityId, weightGrams: 700 });
    const zone = await createShipping(t.app, "zones", { name: "Germany", countries: ["DE"] });
    const priced = { zoneId: zone.id, calculator: "carrier", rateProviderId: "test-carrier" };
    withFallback = (
      await createShipping(t.app, "options", { name: "Parcel", ...priced, rates: { EUR: { amount: 999 } } })
    ).id;
    withoutFallback = (await createShipping(t.app, "options", { name: "Express", ...priced, rates: { EUR: {} } })).id;
    shippedOption = (
      await createShipping(t.app, "options", {
        name: "Tracked",
        zoneId: zone.id,
        calculator: "flat",
        rates: { EUR: { amount: 500 } },
        fulfillmentProviderId: "test-carrier",
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await carrier.close();
  });

  /** A cart of `quantity` crates to Berlin, with every option explained, by id. */
  const quoteFor = async (quantity: number) => {
    const cart = await cartWith(t.app, [{ entityId, quantity }]);
    await setCartShipping(t.app, cart, { address: berlin });
    const quote = await shippingOptionsOf(t.app, cart, "?explain=true");
    const byId = new Map(((quote.groups[0]?.options ?? []) as Quoted[]).map((quoted) => [quoted.id, quoted]));
    return { cart, byId };
  };
  const rateCalls = () => carrier.calls.filter((entry) => entry.path === "/v1/rates").length;

  describe("rates", () => {
    it("prices a carrier option over HTTP and charges that price at checkout, asking the carrier once", async () => {
      Object.assign(carrier.rates, { delayMs: 0, isServed: true, isDown: false });
      const before = rateCalls();
      const { cart, byId } = await quoteFor(2);
      expect(byId.get(withFallback)).toMatchObject({ isApplicable: true, rateSource: "carrier", amount: 1400 });
      expect(rateCalls() - before).toBe(2);
      await setCartShipping(t.app, cart, { address: berlin, optionIds: [withFallback] });
      const placed = await checkout(t.app, cart);
      expect(placed.status).toBe(201);
      expect(placed.body.data).toMatchObject({ shippingTotal: 1400, shippingMethods: [{ amount: 1400 }] });
      expect(rateCalls() - before).toBe(2);
    });

    it("falls back to the option's amount when the carrier times out, and refuses the option without one", async () => {
      Object.assign(carrier.rates, { delayMs: 1500, isServed: true, isDown: false });
      const started = Date.now();
      const { cart, byId } = await quoteFor(3);
      expect(Date.now() - started).toBeLessThan(1400);
      expect(byId.get(withFallback)).toMatchObject({ isApplicable: true, rateSource: "fallback", amount: 999 });
      expect(byId.get(withoutFallback)).toMatchObject({ isApplicable: false, reason: "CARRIER_UNAVAILABLE" });
      const refused = await setCartShipping(t.app, cart, { address: berlin, optionIds: [withoutFallback] });
      expect([refused.status, refused.body.error.details.optionReason]).toEqual([422, "CARRIER_UNAVAILABLE"]);
      await setCartShipping(t.app, cart, { address: berlin, optionIds: [withFallback] });
      const placed = await checkout(t.app, cart);
      expect([placed.status, placed.body.data.shippingTotal]).toEqual([201, 999]);
    });

    it("falls back on a carrier error answer, and leaves out a parcel the carrier does not serve", async () => {
      Object.assign(carrier.rates, { delayMs: 0, isServed: true, isDown: true });
      const down = await quoteFor(4);
      expect(down.byId.get(withFallback)).toMatchObject({ rateSource: "fallback", amount: 999 });
      expect(down.byId.get(withoutFallback)).toMatchObject({ reason: "CARRIER_UNAVAILABLE" });
      Object.assign(carrier.rates, { isServed: false, isDown: false });
      const declined = await quoteFor(5);
      expect(declined.byId.get(withFallback)).toMatchObject({ isApplicable: false, reason: "CARRIER_DECLINED" });
      carrier.rates.isServed = true;
    });
  });

  describe("shipments", () => {
    const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 20 });
    const dueNow = () =>
      sql`update jobs set wait_until = now() where task_slug = 'shipping/create-shipment' and status = 'pending'`.execute(
        t.db,
      );
    const shipmentsOf = (orderId: string) => shippingShipmentsOf(t.app, orderId);
    /** Ann's order of two crates with the tracked option, fulfilled (one line, all units) by staff. */
    const fulfilledOrder = async () => {
      const order = await processingOrder(t, { entityId, optionId: shippedOption, quantity: 2 });
      const fulfilled = await fulfillFirstLine(t.app, order, 2);
      if (fulfilled.status !== 201) throw new Error(`not fulfilled: ${JSON.stringify(fulfilled.body)}`);
      return order;
    };

    it("ships through the carrier with the shipment's id as idempotency key and records its tracking", async () => {
      const order = await fulfilledOrder();
      await runJobs();
      const [shipment] = await shipmentsOf(order.id);
      const made = carrier.shipments.get(shipment.id);
      expect(made).toMatchObject({ reference: shipment.id });
      expect(shipment).toMatchObject({
        status: "created",
        trackingNumber: made?.trackingNumber,
        trackingUrl: `${carrier.url}/track/${made?.trackingNumber}`,
        labelUrl: `${carrier.url}/labels/${made?.trackingNumber}.pdf`,
      });
    });

    it("retries an outage, and a lost answer, with the same key: one shipment at the carrier", async () => {
      Object.assign(carrier.outage, { remaining: 1, isAfterCreating: false });
      const down = await fulfilledOrder();
      await runJobs();
      const [pending] = await shipmentsOf(down.id);
      expect(pending).toMatchObject({ status: "pending", trackingNumber: null });
      expect(carrier.shipments.has(pending.id)).toBe(false);
      await dueNow();
      await runJobs();
      expect(await shipmentsOf(down.id)).toEqual([expect.objectContaining({ status: "created" })]);

      // The carrier made the shipment but its answer was lost: the retry gets the same parcel back.
      Object.assign(carrier.outage, { remaining: 1, isAfterCreating: true });
      const lost = await fulfilledOrder();
      await runJobs();
      const [unanswered] = await shipmentsOf(lost.id);
      expect(unanswered.trackingNumber).toBeNull();
      const made = carrier.shipments.get(unanswered.id);
      expect(made).toBeDefined();
      await dueNow();
      await runJobs();
      await runJobs();
      const [shipped] = await shipmentsOf(lost.id);
      expect(shipped).toMatchObject({ status: "created", trackingNumber: made?.trackingNumber });
      const keys = carrier.calls.filter((entry) => entry.idempotencyKey === unanswered.id);
      expect(keys).toHaveLength(2);
      expect([...carrier.shipments.values()].filter((entry) => entry.reference === unanswered.id)).toHaveLength(1);
      // The job run again (an administrator's retry) calls nothing more.
      await t.kernel.services.shipping.createProviderShipment("default", unanswered.id, { isLast: false });
      expect(carrier.calls.filter((entry) => entry.idempotencyKey === unanswered.id)).toHaveLength(2);
    });

    it("records signed tracking webhooks once, and refuses forged, tampered and stale ones", async () => {
      const order = await fulfilledOrder();
      await runJobs();
      const [shipment] = await shipmentsOf(order.id);
      const events = [
        {
          id: "tc-e1",
          trackingNumber: shipment.trackingNumber,
          status: "in_transit",
          occurredAt: "2026-11-28T09:00:00Z",
        },
        {
          id: "tc-e2",
          trackingNumber: shipment.trackingNumber,
          status: "delivered",
          occurredAt: "2026-11-28T16:00:00Z",
          description: "Handed to the customer",
        },
      ];
      const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
        t.app.inject({ method: "POST", url: "/api/shipping/webhooks/test-carrier", ...delivery });
      const signed = carrier.signTracking(events);
      const first = await deliver(signed);
      expect([first.statusCode, first.json().data]).toEqual([200, { recorded: 2, duplicates: 0, unknown: 0 }]);
      const replayed = await deliver(signed);
      expect(replayed.json().data).toEqual({ recorded: 0, duplicates: 2, unknown: 0 });

      const returned = [{ ...events[0], id: "tc-e9", status: "returned" }];
      const forged = await deliver(carrier.signTracking(returned, { secret: "not-the-carrier" }));
      const stale = await deliver(carrier.signTracking(returned, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
      const tampered = carrier.signTracking(events);
      const altered = await deliver({ ...tampered, payload: tampered.payload.replace("delivered", "returned") });
      const unsigned = await deliver({ payload: JSON.stringify({ events: returned }), headers: {} });
      for (const refused of [forged, stale, altered, unsigned])
        expect([refused.statusCode, refused.json().error.code]).toEqual([400, "TRACKING_WEBHOOK_REJECTED"]);

      const tracking = await call(t.app, "GET", `/api/me/orders/${order.number}/tracking`, { actor: ann });
      expect(tracking.body.data.shipments[0]).toMatchObject({
        trackingNumber: shipment.trackingNumber,
        trackingStatus: "delivered",
        trackingEvents: [
          { status: "in_transit", description: null },
          { status: "delivered", description: "Handed to the customer" },
        ],
      });
    });

    it("cancels a shipment at the carrier through the outbound client", async () => {
      const order = await fulfilledOrder();
      await runJobs();
      const [shipment] = await shipmentsOf(order.id);
      const adapter = testCarrierAdapter({
        apiBaseUrl: carrier.url,
        apiKey: carrier.apiKey,
        webhookSecret: carrier.webhookSecret,
      });
      await adapter.cancelShipment?.(
        { organizationId: "default", shipmentId: shipment.id, trackingNumber: shipment.trackingNumber },
        { outbound: t.kernel.services.outbound },
      );
      expect(carrier.shipments.get(shipment.id)?.isCancelled).toBe(true);
      const wrongKey = testCarrierAdapter({ apiBaseUrl: carrier.url, apiKey: "nope", webhookSecret: "x" });
      await expect(
        wrongKey.cancelShipment?.(
          { organizationId: "default", shipmentId: shipment.id, trackingNumber: shipment.trackingNumber },
          { outbound: t.kernel.services.outbound },
        ),
      ).rejects.toThrow(/answered 401/);
    });
  });
});
