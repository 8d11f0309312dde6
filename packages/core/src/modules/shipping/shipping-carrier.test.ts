import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartWith, checkout, createWarehouse, stockedProduct } from "../checkout/testing.js";
import { assertShippingConfig } from "./shipping-config.js";
import type { ShippingCallContext, ShippingRateProvider, ShippingRateRequest } from "./shipping-rate-provider.js";
import {
  berlin,
  createShipping,
  setAttributes,
  setCartShipping,
  shippingManager,
  shippingOptionsOf,
} from "./shipping-test-helpers.js";

/** What the test carrier does on its next quotes. */
let mode: "price" | "slow" | "throw" | "decline" = "price";
const asked: ShippingRateRequest[] = [];
const contexts: ShippingCallContext[] = [];

// A carrier as a plugin would write one: prices 1 minor unit per gram, or misbehaves as `mode` says.
const testCarrier: ShippingRateProvider = {
  id: "test-carrier",
  async quote(request, context) {
    asked.push(request);
    contexts.push(context);
    if (mode === "throw") throw new Error("carrier API down");
    if (mode === "decline") return null;
    if (mode === "slow")
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 2000);
        request.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    return { amount: request.parcel.weightGrams };
  },
};

type Quoted = {
  id: string;
  isApplicable: boolean;
  reason: string | null;
  amount: number;
  gross: number;
  rateSource: string;
};

describe("carrier-priced shipping options", () => {
  let t: TestApp;
  let entityId: string;
  let withFallback: string;
  let withoutFallback: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { shipping: { rateProviders: [testCarrier], rateTimeoutMs: 50 } } });
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "crate", warehouseId, price: 1000, onHand: 500 });
    await setAttributes(t.app, { entityId, weightGrams: 700 });
    await call(t.app, "POST", "/api/tax/classes", { body: { name: "standard", rateBps: 2000, isDefault: true } });
    const zone = await createShipping(t.app, "zones", { name: "Germany", countries: ["DE"] });
    const carrier = { zoneId: zone.id, calculator: "carrier", rateProviderId: "test-carrier" };
    withFallback = (
      await createShipping(t.app, "options", { name: "Parcel", ...carrier, rates: { EUR: { amount: 999 } } })
    ).id;
    withoutFallback = (await createShipping(t.app, "options", { name: "Express", ...carrier, rates: { EUR: {} } })).id;
  });
  afterAll(() => t.close());

  /** A cart of `quantity` crates shipping to Berlin, with its options by id (explained). */
  const quoteFor = async (quantity: number) => {
    const cart = await cartWith(t.app, [{ entityId, quantity }]);
    await setCartShipping(t.app, cart, { address: berlin });
    const quote = await shippingOptionsOf(t.app, cart, "?explain=true");
    const byId = new Map(((quote.groups[0]?.options ?? []) as Quoted[]).map((quoted) => [quoted.id, quoted]));
    return { cart, byId };
  };

  it("prices an option with the carrier, taxed, and asks it once for the same parcel and address", async () => {
    mode = "price";
    asked.length = 0;
    // A cart's own answers price only its chosen options: changing a cart asks no carrier.
    const browsing = await cartWith(t.app, [{ entityId, quantity: 9 }]);
    await setCartShipping(t.app, browsing, { address: berlin });
    expect(asked).toHaveLength(0);
    const { cart, byId } = await quoteFor(2);
    expect(byId.get(withFallback)).toMatchObject({
      isApplicable: true,
      rateSource: "carrier",
      amount: 1400,
      gross: 1680,
    });
    expect(asked[0]).toMatchObject({ currency: "EUR", address: berlin, parcel: { weightGrams: 1400, itemCount: 2 } });
    // The carrier is called through the kernel's guarded HTTP client, as payment adapters are.
    expect(typeof contexts[0]?.outbound.request).toBe("function");
    const askedBefore = asked.length;
    await setCartShipping(t.app, cart, { address: berlin, optionIds: [withFallback] });
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({
      shippingTotal: 1680,
      shippingMethods: [{ calculator: "carrier", amount: 1400 }],
    });
    // Listing, choosing and checkout reused the carrier's answer.
    expect(asked.length).toBe(askedBefore);
  });

  it("falls back to the option's amount when the carrier times out or fails, and refuses without one", async () => {
    mode = "slow";
    const started = Date.now();
    const slow = await quoteFor(3);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(slow.byId.get(withFallback)).toMatchObject({ isApplicable: true, rateSource: "fallback", amount: 999 });
    expect(slow.byId.get(withoutFallback)).toMatchObject({ isApplicable: false, reason: "CARRIER_UNAVAILABLE" });
    mode = "throw";
    const failing = await quoteFor(4);
    expect(failing.byId.get(withFallback)).toMatchObject({ rateSource: "fallback", amount: 999 });
    const refused = await setCartShipping(t.app, failing.cart, { address: berlin, optionIds: [withoutFallback] });
    expect([refused.status, refused.body.error.details.optionReason]).toEqual([422, "CARRIER_UNAVAILABLE"]);
    // A failure is not cached: the carrier back, the next quote is its own.
    mode = "price";
    const back = await shippingOptionsOf(t.app, failing.cart, "?explain=true");
    expect(((back.groups[0]?.options ?? []) as Quoted[]).find((quoted) => quoted.id === withFallback)).toMatchObject({
      rateSource: "carrier",
      amount: 2800,
    });
  });

  it("leaves out an option whose carrier does not serve the parcel", async () => {
    mode = "decline";
    const { byId } = await quoteFor(5);
    expect(byId.get(withFallback)).toMatchObject({ isApplicable: false, reason: "CARRIER_DECLINED" });
  });

  it("refuses a carrier option naming no configured provider, and a provider listed twice at boot", async () => {
    const zone = await createShipping(t.app, "zones", { name: "Austria", countries: ["AT"] });
    const unknown = await call(t.app, "POST", "/api/shipping/options", {
      actor: shippingManager,
      body: { name: "x", zoneId: zone.id, calculator: "carrier", rateProviderId: "nobody", rates: { EUR: {} } },
    });
    expect([unknown.status, unknown.body.error.issues[0].path]).toEqual([422, "body.rateProviderId"]);
    expect(() => assertShippingConfig({ rateProviders: [testCarrier, testCarrier] })).toThrow(/listed twice/);
    expect(() => assertShippingConfig({ rateTimeoutMs: 0 })).toThrow(/rateTimeoutMs/);
  });
});
