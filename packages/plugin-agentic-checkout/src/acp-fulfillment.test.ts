import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acpClient,
  acpStore,
  ADDRESS,
  call,
  createWarehouse,
  makeDigital,
  PAYMENT,
  stockedProduct,
  type AcpStore,
} from "./acp-test-helpers.js";

type Total = { type: string; amount: number };
const amountOf = (totals: Total[], type: string) => totals.find((total) => total.type === type)?.amount;

describe("Agentic Checkout: digital items, shipping per store and discount codes", () => {
  let store: AcpStore;
  let directory: string;
  let acp: ReturnType<typeof acpClient>;
  let ebook: string;
  let shirt: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-acp-media-"));
    store = await acpStore({}, { media: { directory } });
    const warehouseId = await createWarehouse(store.t);
    ebook = await stockedProduct(store.t, { slug: "acp-ebook", warehouseId, price: 900, onHand: 100 });
    await makeDigital(store.t, ebook, Buffer.from("%PDF-1.4\nthe book\n%%EOF\n"), "book.pdf");
    shirt = await stockedProduct(store.t, { slug: "acp-shirt", warehouseId, price: 2000, onHand: 10 });
    await call(store.t, "POST", "/api/promotions", {
      body: { code: "TENOFF", name: "Ten", type: "percentage_off_order", value: 10 },
    });
    acp = acpClient(store.t, await store.agentKey());
  });
  afterAll(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("needs no address nor shipping for digital items only, and charges no shipping", async () => {
    const session = (await acp.create({ line_items: [{ id: ebook }] })).body;
    expect(session).toMatchObject({
      status: "ready_for_payment",
      messages: [],
      fulfillment_options: [{ type: "digital", id: "digital" }],
      selected_fulfillment_options: [{ type: "digital", option_id: "digital" }],
    });
    const completed = (await acp.complete(session.id, { payment_data: PAYMENT })).body;
    expect(completed.status).toBe("completed");
    const order = (await call(store.t, "GET", `/api/orders/${completed.order.id}`)).body.data;
    expect(order).toMatchObject({ total: 900, shippingTotal: 0, shippingAddress: null });
  });

  it("ships the physical lines of a mixed session only, at the shipping module's options for the address", async () => {
    const mixed = (await acp.create({ line_items: [{ id: ebook }, { id: shirt }] })).body;
    expect(mixed.messages).toContainEqual(
      expect.objectContaining({ code: "missing", param: "$.fulfillment_details.address" }),
    );
    const addressed = (await acp.update(mixed.id, { fulfillment_details: { address: ADDRESS } })).body;
    expect(addressed.fulfillment_options.map((option: { id: string }) => option.id)).toEqual([
      store.option.standard,
      store.option.express,
      "digital",
    ]);
    const chosen = (await acp.update(mixed.id, { fulfillment_option_id: store.option.standard })).body;
    expect(chosen.status).toBe("ready_for_payment");
    const shirtLine = chosen.line_items.find((line: { product_id: string }) => line.product_id === shirt).id;
    expect(chosen.selected_fulfillment_options).toContainEqual({
      type: "shipping",
      option_id: store.option.standard,
      item_ids: [shirtLine],
    });
    expect(amountOf(chosen.totals, "total")).toBe(900 + 2000 + 500);
    // An address no option's zone covers offers nothing for the shirt, and drops the choice.
    const abroad = (await acp.update(mixed.id, { fulfillment_details: { address: { ...ADDRESS, country: "JP" } } }))
      .body;
    expect(abroad.messages).toContainEqual(expect.objectContaining({ code: "region_restricted" }));
    expect(abroad.status).toBe("not_ready_for_payment");
  });

  it("applies discount codes as the cart does, refuses an unknown one, and redeems them with the order", async () => {
    const unknown = await acp.create({ line_items: [{ id: shirt }], discounts: { codes: ["NOPE"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "invalid", param: "$.discounts.codes[0]" });
    const session = (
      await acp.create({
        line_items: [{ id: shirt }],
        fulfillment_details: { address: ADDRESS },
        discounts: { codes: ["TENOFF"] },
      })
    ).body;
    expect(session.discounts).toMatchObject({
      codes: ["TENOFF"],
      applied: [{ code: "TENOFF", amount: 200 }],
      rejected: [],
    });
    expect(amountOf(session.totals, "items_discount")).toBe(200);
    await acp.update(session.id, { fulfillment_option_id: store.option.standard });
    const completed = (await acp.complete(session.id, { payment_data: PAYMENT })).body;
    const order = (await call(store.t, "GET", `/api/orders/${completed.order.id}`)).body.data;
    expect(order).toMatchObject({
      promotionCodes: ["TENOFF"],
      discountTotal: 200,
      shippingTotal: 500,
      total: 2000 - 200 + 500,
    });
  });
});
