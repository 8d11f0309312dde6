import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor } from "@unified-commerce/plugin-sdk/testing";
import {
  acpClient,
  acpStore,
  ADDRESS,
  call,
  createWarehouse,
  PAYMENT,
  stockedProduct,
  type AcpStore,
} from "./acp-test-helpers.js";
import { migrateFlatRates } from "./flat-rates-migration.js";

type Total = { type: string; amount: number };
const amountOf = (totals: Total[], type: string) => totals.find((total) => total.type === type)?.amount;

describe("Agentic Checkout: shipping from the shipping module", () => {
  let store: AcpStore;
  let acp: ReturnType<typeof acpClient>;
  let shirt: string;
  beforeAll(async () => {
    store = await acpStore();
    // A 20 % default class: lines and shipping are taxed (prices exclude tax).
    const taxed = await call(store.t, "POST", "/api/tax/classes", {
      body: { name: "standard", rateBps: 2000, isDefault: true },
    });
    expect(taxed.status).toBe(201);
    const warehouseId = await createWarehouse(store.t);
    shirt = await stockedProduct(store.t, { slug: "acp-taxed-shirt", warehouseId, price: 2000, onHand: 10 });
    acp = acpClient(store.t, await store.agentKey());
  });
  afterAll(() => store.close());

  it("offers the options of the address priced with their tax, and charges the selected one as checkout prices it", async () => {
    const session = (await acp.create({ line_items: [{ id: shirt }], fulfillment_details: { address: ADDRESS } })).body;
    expect(session.fulfillment_options).toEqual([
      {
        type: "shipping",
        id: store.option.standard,
        title: "Standard",
        totals: [
          { type: "subtotal", display_text: "Shipping", amount: 500 },
          { type: "tax", display_text: "Tax", amount: 100 },
          { type: "total", display_text: "Total", amount: 600 },
        ],
      },
      expect.objectContaining({ id: store.option.express }),
    ]);
    const chosen = (
      await acp.update(session.id, {
        selected_fulfillment_options: [{ type: "shipping", option_id: store.option.express, item_ids: [] }],
      })
    ).body;
    expect(chosen.status).toBe("ready_for_payment");
    expect(chosen.selected_fulfillment_options).toEqual([
      { type: "shipping", option_id: store.option.express, item_ids: [chosen.line_items[0].id] },
    ]);
    expect(amountOf(chosen.totals, "fulfillment")).toBe(1500);
    expect(amountOf(chosen.totals, "tax")).toBe(400 + 300);
    expect(amountOf(chosen.totals, "total")).toBe(2400 + 1800);
    // The choice is the cart's: the storefront's shipping routes see it.
    const completed = (await acp.complete(session.id, { payment_data: PAYMENT })).body;
    expect(completed.status).toBe("completed");
    const order = (await call(store.t, "GET", `/api/orders/${completed.order.id}`)).body.data;
    expect(order).toMatchObject({
      shippingTotal: 1800,
      shippingTaxTotal: 300,
      total: 4200,
      shippingMethods: [{ optionId: store.option.express, name: "Express", net: 1500, tax: 300, gross: 1800 }],
      shippingAddress: { line1: ADDRESS.line_one, country: "DE", postalCode: ADDRESS.postal_code },
    });
  });

  it("drops a selection the new address does not allow, and offers nothing where no zone reaches", async () => {
    const session = (await acp.create({ line_items: [{ id: shirt }], fulfillment_details: { address: ADDRESS } })).body;
    await acp.update(session.id, { fulfillment_option_id: store.option.express });
    const france = (await acp.update(session.id, { fulfillment_details: { address: { ...ADDRESS, country: "FR" } } }))
      .body;
    expect(france.fulfillment_options.map((option: { id: string }) => option.id)).toEqual([store.option.standard]);
    expect(france.selected_fulfillment_options).toEqual([]);
    expect(france.status).toBe("not_ready_for_payment");
    // Express does not ship to France: selecting it is a 400 naming the field, and nothing changes.
    const refused = await acp.update(session.id, { fulfillment_option_id: store.option.express });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "invalid", param: "$.selected_fulfillment_options[0].option_id" });
    const japan = (await acp.update(session.id, { fulfillment_details: { address: { ...ADDRESS, country: "JP" } } }))
      .body;
    expect(japan.fulfillment_options).toEqual([]);
    expect(japan.messages).toContainEqual(expect.objectContaining({ code: "region_restricted" }));
  });

  it("migrates a store's flat rates to shipping options; a store without them gets none", async () => {
    const migrating = createTestActor({ id: "admin-mig", type: "apiKey", permissions: ["*:*"], organizationId: "mig" });
    const other = createTestActor({ id: "admin-none", type: "apiKey", permissions: ["*:*"], organizationId: "none" });
    const rates = await call(store.t, "PATCH", "/api/settings/agentic-shipping", {
      actor: migrating,
      body: {
        flatRates: [
          {
            id: "parcel",
            title: "Parcel",
            carrier: "GLS",
            amounts: { EUR: 350 },
            minDays: 3,
            maxDays: 6,
            countries: ["DE", "AT"],
          },
          { id: "world", title: "World", amounts: { EUR: 2500, USD: 2700 }, minDays: 5, maxDays: 20 },
        ],
      },
    });
    expect(rates.status).toBe(200);
    await migrateFlatRates(store.t.db as unknown as Kysely<unknown>);
    const options = (await call(store.t, "GET", "/api/shipping/options", { actor: migrating })).body.data;
    expect(options).toEqual([
      expect.objectContaining({
        name: "Parcel (GLS)",
        calculator: "flat",
        rates: { EUR: { amount: 350 } },
        isActive: true,
      }),
      expect.objectContaining({ name: "World", rates: { EUR: { amount: 2500 }, USD: { amount: 2700 } } }),
    ]);
    const zones = (await call(store.t, "GET", "/api/shipping/zones", { actor: migrating })).body.data;
    const parcelZone = zones.find((zone: { id: string }) => zone.id === options[0].zoneId);
    const worldZone = zones.find((zone: { id: string }) => zone.id === options[1].zoneId);
    expect(parcelZone.countries).toEqual(["DE", "AT"]);
    expect(worldZone.countries).toEqual(expect.arrayContaining(["DE", "US", "JP", "BR"]));
    expect(worldZone.countries).not.toContain("XA");
    const profiles = (await call(store.t, "GET", "/api/shipping/profiles", { actor: migrating })).body.data;
    expect(profiles).toEqual([expect.objectContaining({ name: "default", isDefault: true })]);
    expect((await call(store.t, "GET", "/api/shipping/options", { actor: other })).body.data).toEqual([]);
  });
});
