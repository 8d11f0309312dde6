import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import type { OptionType, Variant } from "./product-query.js";
import { variantMatrix } from "./variant-matrix-section.js";
import { VariantPanels } from "./variant-panels.js";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const WAREHOUSE = "33333333-3333-4333-8333-333333333333";
const small: Variant = {
  id: "v-s",
  entityId: PRODUCT,
  sku: "TEE-S",
  options: { Size: "S" },
  optionValueIds: ["val-s"],
  position: 0,
  metadata: {},
  createdAt: "2026-11-28T00:00:00Z",
};

function renderPanels(permissions: string[]) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(permissions),
    "GET /api/pricing/prices": {
      body: {
        data: [
          {
            id: "p1",
            entityId: PRODUCT,
            variantId: "v-s",
            currency: "EUR",
            customerGroupId: null,
            amount: 1999,
            createdAt: "2026-11-28T00:00:00Z",
            updatedAt: "2026-11-28T00:00:00Z",
          },
        ],
      },
    },
    "GET /api/inventory/check": {
      body: {
        data: [
          {
            entityId: PRODUCT,
            onHand: 7,
            reserved: 2,
            available: 5,
            levels: [
              {
                id: "l1",
                warehouseId: WAREHOUSE,
                entityId: PRODUCT,
                variantId: "v-s",
                onHand: 7,
                reserved: 2,
                available: 5,
                updatedAt: "2026-11-28T00:00:00Z",
              },
            ],
          },
        ],
      },
    },
    "GET /api/inventory/warehouses": {
      body: { data: [{ id: WAREHOUSE, name: "Main", code: "main", createdAt: "2026-11-28T00:00:00Z" }] },
    },
  });
  renderWithProviders(<VariantPanels productId={PRODUCT} variants={[small]} />, { api });
  return api;
}

describe("VariantPanels", () => {
  it("shows each variant's prices and stock by warehouse, with the forms its role may use", async () => {
    renderPanels(["catalog:read", "pricing:update", "pricing:create", "inventory:read", "inventory:adjust"]);
    await userEvent.click(screen.getByRole("button", { name: /^Size: S/ }));
    expect(await screen.findByRole("cell", { name: "€19.99" })).toBeTruthy();
    expect(await screen.findByRole("cell", { name: "Main (main)" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Set a price" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Adjust stock" })).toBeTruthy();
  });

  it("hides the price and stock forms from a member without pricing:create and inventory:adjust", async () => {
    const api = renderPanels(["catalog:read", "inventory:read"]);
    await userEvent.click(screen.getByRole("button", { name: /^Size: S/ }));
    expect(await screen.findByRole("cell", { name: "Main (main)" })).toBeTruthy();
    expect(screen.getByText("Your role cannot list prices (pricing:update).")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Set a price" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Adjust stock" })).toBeNull();
    expect(api.calls.some((call) => call.path === "/api/pricing/prices")).toBe(false);
  });
});

describe("variantMatrix", () => {
  const axes: OptionType[] = [
    {
      id: "size",
      entityId: PRODUCT,
      name: "Size",
      position: 0,
      values: [
        { id: "val-s", optionTypeId: "size", value: "S", position: 0 },
        { id: "val-m", optionTypeId: "size", value: "M", position: 1 },
      ],
    },
    {
      id: "colour",
      entityId: PRODUCT,
      name: "Colour",
      position: 1,
      values: [{ id: "val-red", optionTypeId: "colour", value: "Red", position: 0 }],
    },
  ];

  it("lists every combination and marks those a variant has, whatever the order of its value ids", () => {
    const redSmall = { ...small, optionValueIds: ["val-red", "val-s"] };
    const rows = variantMatrix(axes, [redSmall]);
    expect(rows.map((row) => [row.labels.join("/"), row.variant?.id ?? null])).toEqual([
      ["S/Red", "v-s"],
      ["M/Red", null],
    ]);
  });

  it("has no combination while an axis has no value", () => {
    expect(variantMatrix([...axes, { ...axes[1], id: "empty", name: "Fit", values: [] } as OptionType], [])).toEqual(
      [],
    );
  });
});
