import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../test/render-with-providers.js";
import { StockPage } from "./stock-page.js";

const MAIN = "22222222-2222-4222-8222-222222222222";
const SPARE = "33333333-3333-4333-8333-333333333333";
const level = (warehouseId: string, variantId: string | null, onHand: number, reserved: number) => ({
  id: `${warehouseId}:${variantId}`,
  warehouseId,
  entityId: "e1",
  variantId,
  onHand,
  reserved,
  available: onHand - reserved,
  updatedAt: "2026-11-28T00:00:00Z",
});
const entities = [
  {
    id: "e1",
    slug: "t-shirt",
    attributes: { en: { title: "T-shirt" } },
    variants: [{ id: "v1", sku: "TS-RED-M", options: { color: "Red", size: "M" } }],
    inventory: { onHand: 15, reserved: 3, available: 12, levels: [level(MAIN, "v1", 10, 3), level(SPARE, "v1", 5, 0)] },
  },
  { id: "e2", slug: "mug", attributes: { en: { title: "Mug" } }, variants: [], inventory: { levels: [] } },
];

function renderPage(permissions: string[]) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(permissions),
    "GET /api/catalog/entities": {
      body: { data: entities, meta: { pagination: { page: 1, limit: 20, total: 2, totalPages: 1, nextCursor: null } } },
    },
    "GET /api/inventory/warehouses": {
      body: {
        data: [
          { id: MAIN, name: "Main", code: "main", createdAt: "2026-11-28T00:00:00Z" },
          { id: SPARE, name: "Spare", code: "spare", createdAt: "2026-11-28T00:00:00Z" },
        ],
        meta: { pagination: { page: 1, limit: 100, total: 2, totalPages: 1 } },
      },
    },
  });
  renderWithProviders(<StockPage />, { api });
  return api;
}

describe("StockPage", () => {
  it("lists a row per variant and per product without variants, summed over every warehouse", async () => {
    const api = renderPage(["inventory:read"]);
    const table = await screen.findByRole("table", { name: "Stock levels" });
    const [, variantRow, mugRow] = within(table).getAllByRole("row");
    expect(variantRow?.textContent).toContain("Red / M");
    expect(variantRow?.textContent).toContain("TS-RED-M");
    expect(variantRow?.textContent).toContain("15312");
    expect(mugRow?.textContent).toContain("Mug");
    expect(api.calls.find((call) => call.path === "/api/catalog/entities")?.query).toEqual({
      limit: "20",
      include: "attributes,variants,inventory",
    });
  });

  it("hides the adjust buttons from a member without inventory:adjust", async () => {
    renderPage(["inventory:read", "catalog:read"]);
    await screen.findByRole("table", { name: "Stock levels" });
    expect(screen.queryByRole("button", { name: /^Adjust stock of/ })).toBeNull();
  });

  it("offers them to stock keepers, and opens the adjustment of the row", async () => {
    renderPage(["inventory:read", "inventory:adjust"]);
    await userEvent.click(await screen.findByRole("button", { name: "Adjust stock of T-shirt · Red / M" }));
    expect(await screen.findByRole("dialog", { name: "Adjust stock" })).toBeTruthy();
    expect(screen.getByLabelText(/^Warehouse/, { selector: "select" })).toBeTruthy();
  });
});
