import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  jsonHeaders,
  TEST_ACTOR_HEADER,
  testAdminActor,
  type TestApp,
} from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { cartCall, createGuestCart, storefrontKey } from "../carts/testing.js";
import { cartWith, checkout, checkoutTraces, createWarehouse, stockedProduct } from "../checkout/testing.js";
import {
  berlin,
  createShipping,
  setAttributes,
  setCartShipping,
  shippingManager,
  shippingOptionsOf,
} from "./shipping-test-helpers.js";

type Quoted = {
  id: string;
  isApplicable: boolean;
  reason: string | null;
  amount: number;
  tax: number;
  gross: number;
  isFree: boolean;
};

const paris = { line1: "1 rue de Rivoli", city: "Paris", postalCode: "75001", country: "FR" };
const lyon = { line1: "1 place Bellecour", city: "Lyon", postalCode: "69002", country: "FR" };

describe("shipping through carts and checkout", () => {
  let t: TestApp;
  let warehouseId: string;
  const product: Record<"shirt" | "plate" | "bolt" | "ebook" | "sofa", string> = {
    shirt: "",
    plate: "",
    bolt: "",
    ebook: "",
    sofa: "",
  };
  const option: Record<"standard" | "courier" | "freeAbove" | "byWeight" | "pickup" | "freight" | "usa", string> = {
    standard: "",
    courier: "",
    freeAbove: "",
    byWeight: "",
    pickup: "",
    freight: "",
    usa: "",
  };

  beforeAll(async () => {
    t = await createTestApp();
    warehouseId = await createWarehouse(t.app);
    const prices = { shirt: 2000, plate: 1000, bolt: 10, ebook: 1500, sofa: 50_000 };
    for (const [slug, price] of Object.entries(prices))
      product[slug as keyof typeof product] = await stockedProduct(t.app, {
        slug,
        title: slug,
        warehouseId,
        price,
        onHand: 900,
      });
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId: product.shirt, currency: "USD", amount: 2500 },
    });
    await call(t.app, "POST", "/api/tax/classes", { body: { name: "standard", rateBps: 2000, isDefault: true } });
    const reduced = (await call(t.app, "POST", "/api/tax/classes", { body: { name: "reduced", rateBps: 1000 } })).body
      .data;
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "TWENTY", name: "Twenty", type: "percentage_off_order", value: 20 },
    });
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "FREESHIP", name: "Free shipping", type: "free_shipping" },
    });
    const eu = await createShipping(t.app, "zones", { name: "EU", countries: ["DE", "FR"] });
    const parisZone = await createShipping(t.app, "zones", {
      name: "Paris",
      countries: ["FR"],
      postalPatterns: ["75*"],
    });
    const california = await createShipping(t.app, "zones", { name: "California", countries: ["US"], regions: ["CA"] });
    const bulky = await createShipping(t.app, "profiles", { name: "bulky" });
    const flat = (amount: number) => ({ calculator: "flat", rates: { EUR: { amount } } });
    option.standard = (await createShipping(t.app, "options", { name: "Standard", zoneId: eu.id, ...flat(500) })).id;
    option.courier = (
      await createShipping(t.app, "options", {
        name: "Courier",
        zoneId: parisZone.id,
        taxClassId: reduced.id,
        ...flat(300),
      })
    ).id;
    option.freeAbove = (
      await createShipping(t.app, "options", {
        name: "Free over 50",
        zoneId: eu.id,
        calculator: "free_above",
        rates: { EUR: { amount: 800, freeAbove: 5000 } },
      })
    ).id;
    option.byWeight = (
      await createShipping(t.app, "options", {
        name: "By weight",
        zoneId: eu.id,
        calculator: "weight_bands",
        rates: {
          EUR: {
            bands: [
              { upTo: 1000, amount: 500 },
              { upTo: 5000, amount: 900 },
            ],
          },
        },
      })
    ).id;
    option.pickup = (
      await createShipping(t.app, "options", { name: "Pickup", isPickup: true, warehouseId, ...flat(0) })
    ).id;
    option.freight = (
      await createShipping(t.app, "options", { name: "Freight", zoneId: eu.id, profileId: bulky.id, ...flat(4000) })
    ).id;
    option.usa = (
      await createShipping(t.app, "options", {
        name: "USA",
        zoneId: california.id,
        calculator: "flat",
        rates: { USD: { amount: 1000 } },
      })
    ).id;
    await setAttributes(t.app, { entityId: product.shirt, weightGrams: 500 });
    await setAttributes(t.app, { entityId: product.plate, weightGrams: 1000 });
    await setAttributes(t.app, { entityId: product.bolt, weightGrams: 1 });
    await setAttributes(t.app, { entityId: product.ebook, requiresShipping: false });
    await setAttributes(t.app, { entityId: product.sofa, weightGrams: 30_000, profileId: bulky.id });
  });
  afterAll(() => t.close());

  const cartOf = (lines: Partial<Record<keyof typeof product, number>>) =>
    cartWith(
      t.app,
      Object.entries(lines).map(([slug, quantity]) => ({ entityId: product[slug as keyof typeof product], quantity })),
    );
  /** The options of the cart's only group, by id. */
  const optionsById = async (cart: { id: string; token: string }, query = "?explain=true") => {
    const quote = await shippingOptionsOf(t.app, cart, query);
    return new Map((quote.groups[0]?.options as Quoted[] | undefined)?.map((quoted) => [quoted.id, quoted]));
  };

  it("offers every option that applies to the cart's address, priced with its tax, and explains the others", async () => {
    const cart = await cartOf({ shirt: 1 });
    expect((await setCartShipping(t.app, cart, { address: berlin })).status).toBe(200);
    const applicable = await shippingOptionsOf(t.app, cart);
    expect(applicable.isRequired).toBe(true);
    expect(((applicable.groups[0]?.options ?? []) as Quoted[]).map((quoted) => quoted.id)).toEqual([
      option.pickup,
      option.byWeight,
      option.standard,
      option.freeAbove,
    ]);
    const explained = await optionsById(cart);
    expect(explained.get(option.standard)).toMatchObject({ isApplicable: true, amount: 500, tax: 100, gross: 600 });
    expect(explained.get(option.freeAbove)).toMatchObject({ amount: 800, tax: 160, gross: 960, isFree: false });
    expect(explained.get(option.courier)).toMatchObject({ isApplicable: false, reason: "ZONE_MISMATCH", gross: 0 });
    expect(explained.get(option.usa)).toMatchObject({ isApplicable: false, reason: "ZONE_MISMATCH" });
    expect(explained.has(option.freight)).toBe(false);

    await setCartShipping(t.app, cart, { address: paris });
    expect((await optionsById(cart)).get(option.courier)).toMatchObject({ isApplicable: true, tax: 30, gross: 330 });
    await setCartShipping(t.app, cart, { address: lyon });
    expect((await optionsById(cart)).get(option.courier)).toMatchObject({ reason: "ZONE_MISMATCH" });
    await setCartShipping(t.app, cart, { address: null });
    const nowhere = await optionsById(cart);
    expect(nowhere.get(option.standard)).toMatchObject({ reason: "ADDRESS_REQUIRED" });
    expect(nowhere.get(option.pickup)).toMatchObject({ isApplicable: true, gross: 0 });
  });

  it("matches a zone by region, and offers an option only in the currencies it is priced in", async () => {
    const usd = await createGuestCart(t.app, "USD");
    await cartCall(t.app, "POST", `/api/carts/${usd.id}/items`, {
      actor: storefrontKey,
      token: usd.token,
      body: { entityId: product.shirt, quantity: 1 },
    });
    const address = (state: string) => ({
      line1: "1 Main St",
      city: "Somewhere",
      state,
      postalCode: "90001",
      country: "US",
    });
    await setCartShipping(t.app, usd, { address: address("ca") });
    expect((await optionsById(usd)).get(option.usa)).toMatchObject({ isApplicable: true, amount: 1000 });
    await setCartShipping(t.app, usd, { address: address("NY") });
    expect((await optionsById(usd)).get(option.usa)).toMatchObject({ reason: "ZONE_MISMATCH" });
    const eur = await cartOf({ shirt: 1 });
    await setCartShipping(t.app, eur, { address: address("CA") });
    expect((await optionsById(eur)).get(option.usa)).toMatchObject({ reason: "CURRENCY_NOT_PRICED" });
  });

  it("prices weight bands at their edges from the lines' weights", async () => {
    const at = async (lines: Partial<Record<keyof typeof product, number>>) => {
      const cart = await cartOf(lines);
      await setCartShipping(t.app, cart, { address: berlin });
      const quoted = (await optionsById(cart)).get(option.byWeight);
      return quoted?.isApplicable ? quoted.amount : quoted?.reason;
    };
    expect(await at({ plate: 1 })).toBe(500);
    expect(await at({ plate: 1, bolt: 1 })).toBe(900);
    expect(await at({ plate: 5 })).toBe(900);
    expect(await at({ plate: 5, bolt: 1 })).toBe("NO_BAND");
  });

  it("reads the free-shipping threshold after discounts, edge included", async () => {
    const cart = await cartOf({ shirt: 3 });
    await setCartShipping(t.app, cart, { address: berlin });
    expect((await optionsById(cart)).get(option.freeAbove)).toMatchObject({ isFree: true, gross: 0 });
    const discounted = (await optionsById(cart, "?explain=true&promotionCodes=TWENTY")).get(option.freeAbove);
    expect(discounted).toMatchObject({ isFree: false, amount: 800 });
    const edge = await cartOf({ shirt: 2, plate: 1 });
    await setCartShipping(t.app, edge, { address: berlin });
    expect((await optionsById(edge)).get(option.freeAbove)).toMatchObject({ isFree: true, gross: 0 });
  });

  it("charges the server's price for the chosen option, never the client's, and keeps it on the order", async () => {
    const cart = await cartOf({ shirt: 1 });
    const chosen = await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.standard] });
    expect(chosen.body.data).toMatchObject({
      taxTotal: 400,
      shippingTotal: 600,
      shippingTaxTotal: 100,
      total: 3000,
      shipping: { isRequired: true, failureReason: null, methods: [{ optionId: option.standard, gross: 600 }] },
    });
    const placed = await checkout(t.app, cart, {
      shippingTotal: 0,
      shippingMethods: [{ optionId: option.standard, gross: 0 }],
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({
      subtotal: 2000,
      taxTotal: 400,
      shippingTotal: 600,
      shippingTaxTotal: 100,
      total: 3000,
      shippingAddress: berlin,
      shippingMethods: [
        { optionId: option.standard, name: "Standard", amount: 500, net: 500, tax: 100, gross: 600, taxRateBps: 2000 },
      ],
    });
    const order = await call(t.app, "GET", `/api/orders/${placed.body.data.id}`);
    expect(order.body.data).toMatchObject({ shippingTotal: 600, shippingMethods: [{ optionId: option.standard }] });
    // The invoice adds up: subtotal, shipping (net), tax at 20 % on lines and shipping (400 + 100), total.
    const invoice = await t.app.inject({
      method: "GET",
      url: `/api/orders/${placed.body.data.id}/invoice.html`,
      headers: { [TEST_ACTOR_HEADER]: jsonHeaders(testAdminActor)[TEST_ACTOR_HEADER] as string },
    });
    expect(invoice.body).toContain('<tr><td>Shipping (Standard)</td><td class="n">€5.00</td></tr>');
    expect(invoice.body).toContain('<tr><td>Tax 20% on €25.00</td><td class="n">€5.00</td></tr>');
    expect(invoice.body).toContain('<tr class="grand"><td>Total</td><td class="n">€30.00</td></tr>');
    const intent = await cartCall(t.app, "GET", `/api/payments/intents/${placed.body.data.payment.id}`, {
      actor: createTestActor({ id: "payments-reader", permissions: ["*:*"] }),
    });
    expect(intent.body.data.amount).toBe(3000);
  });

  it("refuses a shippable cart without a choice, or with a stale one, and writes nothing", async () => {
    const cart = await cartOf({ shirt: 1 });
    await setCartShipping(t.app, cart, { address: berlin });
    const before = await checkoutTraces(t.db);
    const missing = await checkout(t.app, cart);
    expect([missing.status, missing.body.error.code, missing.body.error.details.reason]).toEqual([
      422,
      "CHECKOUT_FAILED",
      "SHIPPING_REQUIRED",
    ]);
    expect(await checkoutTraces(t.db)).toEqual(before);
    await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.standard] });
    await call(t.app, "PATCH", `/api/shipping/options/${option.standard}`, {
      actor: shippingManager,
      body: { isActive: false },
    });
    const beforeStale = await checkoutTraces(t.db);
    const stale = await checkout(t.app, cart);
    expect(await checkoutTraces(t.db)).toEqual(beforeStale);
    await call(t.app, "PATCH", `/api/shipping/options/${option.standard}`, {
      actor: shippingManager,
      body: { isActive: true },
    });
    expect([stale.status, stale.body.error.details.reason]).toEqual([422, "SHIPPING_OPTION_UNAVAILABLE"]);

    // A choice that stopped applying when the cart changed is shown on the cart, and refused by checkout.
    await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.byWeight] });
    const heavier = await cartCall(t.app, "POST", `/api/carts/${cart.id}/items`, {
      actor: storefrontKey,
      token: cart.token,
      body: { entityId: product.plate, quantity: 6 },
    });
    expect(heavier.body.data.shipping).toMatchObject({ failureReason: "SHIPPING_OPTION_UNAVAILABLE", methods: [] });
    expect(heavier.body.data.shippingTotal).toBe(0);
    const tooHeavy = await checkout(t.app, cart);
    expect([tooHeavy.status, tooHeavy.body.error.details.reason]).toEqual([422, "SHIPPING_OPTION_UNAVAILABLE"]);
    expect(tooHeavy.body.error.details.optionReason).toBe("NO_BAND");

    // Choosing an option that does not apply is refused, and the cart keeps its previous choice.
    const wrong = await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.courier] });
    expect([wrong.status, wrong.body.error.details.reason]).toEqual([422, "SHIPPING_OPTION_UNAVAILABLE"]);
    const kept = await cartCall(t.app, "GET", `/api/carts/${cart.id}`, {
      actor: storefrontKey,
      token: cart.token,
    });
    expect(kept.body.data.shippingOptionIds).toEqual([option.byWeight]);
  });

  it("needs no shipping for a cart of digital goods only", async () => {
    const cart = await cartOf({ ebook: 2 });
    expect(await shippingOptionsOf(t.app, cart)).toEqual({ isRequired: false, groups: [] });
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ shippingTotal: 0, shippingMethods: [], total: 3600 });
  });

  it("splits lines of several profiles into several shipping methods on one order", async () => {
    const cart = await cartOf({ shirt: 1, sofa: 1, ebook: 1 });
    await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.standard] });
    const quote = await shippingOptionsOf(t.app, cart);
    expect(quote.groups).toHaveLength(2);
    const half = await checkout(t.app, cart);
    expect([half.status, half.body.error.details.reason]).toEqual([422, "SHIPPING_REQUIRED"]);
    const both = await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.standard, option.freight] });
    expect(both.body.data.shipping.failureReason).toBeNull();
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.data.shippingMethods.map((method: { optionId: string }) => method.optionId).sort()).toEqual(
      [option.standard, option.freight].sort(),
    );
    expect(placed.body.data.shippingTotal).toBe(600 + 4800);
    expect(placed.body.data.shippingTaxTotal).toBe(100 + 800);
  });

  it("makes every option free with a free_shipping promotion", async () => {
    const cart = await cartOf({ shirt: 1 });
    await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.standard] });
    const placed = await checkout(t.app, cart, { promotionCodes: ["FREESHIP"] });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ shippingTotal: 0, total: 2400, shippingMethods: [{ gross: 0 }] });
  });

  it("ships a pickup without an address", async () => {
    const cart = await cartOf({ shirt: 1 });
    await setCartShipping(t.app, cart, { address: null, optionIds: [option.pickup] });
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({
      shippingAddress: null,
      shippingMethods: [{ optionId: option.pickup, isPickup: true, warehouseId }],
    });
  });

  it("answers another organization's cart with 404 and never uses its options", async () => {
    const cart = await cartOf({ shirt: 1 });
    const stranger = createTestActor({
      id: "other-storefront",
      type: "apiKey",
      organizationId: "other-store",
      permissions: ["cart:create", "cart:read", "cart:update", "orders:create"],
    });
    const read = await cartCall(t.app, "GET", `/api/carts/${cart.id}/shipping-options`, {
      actor: stranger,
      token: cart.token,
    });
    const write = await cartCall(t.app, "PUT", `/api/carts/${cart.id}/shipping`, {
      actor: stranger,
      token: cart.token,
      body: { address: berlin },
    });
    expect([read.status, write.status]).toEqual([404, 404]);
    const zone = await createShipping(t.app, "zones", { name: "Theirs", countries: ["DE"] }, otherOrgAdmin);
    const theirs = await createShipping(
      t.app,
      "options",
      { name: "Theirs", zoneId: zone.id, calculator: "flat", rates: { EUR: { amount: 1 } } },
      otherOrgAdmin,
    );
    const foreign = await setCartShipping(t.app, cart, { address: berlin, optionIds: [theirs.id] });
    expect([foreign.status, foreign.body.error.details.reason]).toEqual([422, "SHIPPING_OPTION_UNAVAILABLE"]);
  });

  it("taxes shipping inside the price when the store's prices include tax", async () => {
    await call(t.app, "PATCH", "/api/settings/carts", { body: { isTaxInclusive: true } });
    try {
      const cart = await cartOf({ shirt: 1 });
      await setCartShipping(t.app, cart, { address: berlin, optionIds: [option.standard] });
      const placed = await checkout(t.app, cart);
      expect(placed.body.data).toMatchObject({
        isTaxInclusive: true,
        taxTotal: 333,
        shippingTotal: 500,
        shippingTaxTotal: 83,
        total: 2500,
        shippingMethods: [{ amount: 500, net: 417, tax: 83, gross: 500 }],
      });
    } finally {
      await call(t.app, "PATCH", "/api/settings/carts", { body: { isTaxInclusive: false } });
    }
  });
});

describe("a store without shipping options", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps checkout as it was: shippable carts need no shipping option", async () => {
    const warehouseId = await createWarehouse(t.app);
    const entityId = await stockedProduct(t.app, { slug: "box", warehouseId, price: 1000, onHand: 5 });
    const cart = await cartWith(t.app, [{ entityId, quantity: 1 }]);
    expect(await shippingOptionsOf(t.app, cart)).toEqual({ isRequired: false, groups: [] });
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ shippingTotal: 0, shippingTaxTotal: 0, shippingMethods: [], total: 1000 });
  });
});
