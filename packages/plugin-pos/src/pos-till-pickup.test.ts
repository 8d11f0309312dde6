import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import {
  bootPos,
  createWarehouse,
  pinLogin,
  send,
  setPin,
  stockedProduct,
  storeAdmin,
  tillKey,
} from "./pos-test-helpers.js";

describe("point of sale: till sales in a store that charges shipping", () => {
  let t: AuthPluginTestApp;
  let till: string;
  let cashier: string;
  let shop: string;
  let backroom: string;
  let mug: string;
  let pickupAtShop: string;

  /** A call with the shift's key and the cart's token, as the till's software makes it. */
  const asTill = async (key: string, method: "POST" | "PUT", url: string, body: unknown, cartToken?: string) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        "content-type": "application/json",
        "x-api-key": key,
        ...(cartToken ? { "x-cart-token": cartToken } : {}),
      },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** A cart of one mug rung up with the shift's key, checked out with the manual adapter. */
  const tillSale = async (key: string) => {
    const cart = await asTill(key, "POST", "/api/carts", { currency: "EUR" });
    expect(cart.status).toBe(201);
    const { id, cartToken } = cart.body.data as { id: string; cartToken: string };
    const added = await asTill(key, "POST", `/api/carts/${id}/items`, { entityId: mug, quantity: 1 }, cartToken);
    expect(added.status).toBe(200);
    return {
      cart: added.body.data,
      checkout: await asTill(
        key,
        "POST",
        "/api/checkout",
        { cartId: id, paymentMethodId: "manual", currency: "EUR" },
        cartToken,
      ),
    };
  };

  beforeAll(async () => {
    t = await bootPos();
    till = await tillKey(t.app);
    cashier = await t.addMember({ email: "cashier@shop.test", role: "cashier" });
    expect((await setPin(t.app, cashier, "1234")).status).toBe(200);
    shop = await createWarehouse(t.app, "shop");
    backroom = await createWarehouse(t.app, "backroom");
    mug = await stockedProduct(t.app, { slug: "mug", warehouseId: shop, price: 1200, onHand: 20 });
    await send(t.app, "PATCH", "/api/settings/general", { actor: storeAdmin(), body: { currency: "EUR" } });
    // The store ships: a delivery option to Germany, and pickup options at both warehouses.
    const zone = await send(t.app, "POST", "/api/shipping/zones", {
      actor: storeAdmin(),
      body: { name: "Germany", countries: ["DE"] },
    });
    expect(zone.status).toBe(201);
    const option = (body: Record<string, unknown>) =>
      send(t.app, "POST", "/api/shipping/options", {
        actor: storeAdmin(),
        body: { calculator: "flat", rates: { EUR: { amount: 0 } }, ...body },
      });
    expect((await option({ name: "Parcel", zoneId: zone.body.data.id, rates: { EUR: { amount: 490 } } })).status).toBe(
      201,
    );
    const pickup = await option({ name: "At the shop", isPickup: true, warehouseId: shop });
    expect(pickup.status).toBe(201);
    pickupAtShop = pickup.body.data.id;
    expect((await option({ name: "At the back room", isPickup: true, warehouseId: backroom })).status).toBe(201);
  });
  afterAll(() => t.close());

  it("gives a till sale the pickup option at the shift's warehouse, so checkout charges no shipping and is not refused", async () => {
    const started = await send(t.app, "POST", "/api/pos/auth/pin-login", {
      key: till,
      body: { operatorId: cashier, pin: "1234", warehouseId: shop },
    });
    expect(started.status).toBe(201);
    expect(started.body.data.warehouseId).toBe(shop);
    const { cart, checkout } = await tillSale(started.body.data.key);
    expect(cart).toMatchObject({ shippingOptionIds: [pickupAtShop], shippingAddress: null, shippingTotal: 0 });
    expect(checkout.status).toBe(201);
    expect(checkout.body.data).toMatchObject({
      total: 1200,
      shippingTotal: 0,
      shippingMethods: [{ optionId: pickupAtShop, isPickup: true, warehouseId: shop, gross: 0 }],
    });
    // Once that shift ends, a shift that names no warehouse gets no pickup: its cart is any cart, refused
    // without a choice.
    const ended = await send(t.app, "POST", "/api/pos/auth/shift/end", { key: started.body.data.key });
    expect(ended.status).toBe(200);
    const shift = await pinLogin(t.app, till, cashier, "1234");
    expect(shift.status).toBe(201);
    const unplaced = await tillSale(shift.body.data.key);
    expect(unplaced.cart.shippingOptionIds).toEqual([]);
    expect(unplaced.checkout.status).toBe(422);
    expect(unplaced.checkout.body.error.details.reason).toBe("SHIPPING_REQUIRED");
  });

  it("refuses a shift at another store's warehouse or an unknown one (404), starting nothing", async () => {
    const elsewhere = await createWarehouse(t.app, "theirs", "other-store");
    for (const warehouseId of [elsewhere, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await send(t.app, "POST", "/api/pos/auth/pin-login", {
        key: till,
        body: { operatorId: cashier, pin: "1234", warehouseId },
      });
      expect(refused.status).toBe(404);
    }
  });
});
