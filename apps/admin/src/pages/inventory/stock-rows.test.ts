import { describe, expect, it } from "vitest";
import { stockRows } from "./stock-rows.js";

const level = (warehouseId: string, variantId: string | null, onHand: number, reserved: number) => ({
  warehouseId,
  variantId,
  onHand,
  reserved,
  available: onHand - reserved,
});

describe("stockRows", () => {
  const entity = {
    id: "e1",
    slug: "t-shirt",
    attributes: { en: { title: null }, fr: { title: "T-shirt FR" } },
    variants: [{ id: "v1", sku: "TS-1", options: { size: "M" } }],
    inventory: { levels: [level("w1", "v1", 10, 3), level("w2", "v1", 5, 0), level("w1", null, 2, 0)] },
  };

  it("sums a variant over every warehouse, or only the one chosen", () => {
    expect(stockRows([entity], null).map((row) => [row.variantId, row.onHand, row.reserved, row.available])).toEqual([
      [null, 2, 0, 2],
      ["v1", 15, 3, 12],
    ]);
    expect(stockRows([entity], "w2").map((row) => [row.variantId, row.onHand])).toEqual([["v1", 5]]);
  });

  it("titles a row with the first locale that has a title, else the slug; a product without stock shows zeros", () => {
    const [row] = stockRows([{ id: "e2", slug: "mug", inventory: { onHand: 0, levels: [] } }], null);
    expect(row).toMatchObject({ title: "mug", variantId: null, onHand: 0, available: 0 });
    expect(stockRows([entity], null)[0]?.title).toBe("T-shirt FR");
  });
});
