import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../test/render-with-providers.js";
import { PriceListsPage } from "./price-lists-page.js";

const ENTITY = "11111111-1111-4111-8111-111111111111";

function renderPage(permissions: string[]) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(permissions),
    "GET /api/catalog/entities": {
      body: {
        data: [{ id: ENTITY, slug: "t-shirt", attributes: { en: { title: "T-shirt" } }, variants: [] }],
        meta: { pagination: { page: 1, limit: 100, total: 1, totalPages: 1, nextCursor: null } },
      },
    },
    "GET /api/pricing/prices": {
      body: {
        data: [
          {
            id: "p1",
            entityId: ENTITY,
            variantId: null,
            currency: "EUR",
            customerGroupId: "wholesale",
            amount: 1750,
            createdAt: "2026-11-28T00:00:00Z",
            updatedAt: "2026-11-28T00:00:00Z",
          },
        ],
        meta: { pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } },
      },
    },
  });
  renderWithProviders(<PriceListsPage />, { api });
  return api;
}

describe("PriceListsPage", () => {
  it("lists prices as money in their currency, with edit and create for pricing:create", async () => {
    renderPage(["pricing:update", "pricing:create", "catalog:read"]);
    expect(await screen.findByText("€17.50")).toBeTruthy();
    expect(await within(screen.getByRole("table", { name: "Prices" })).findByText("T-shirt")).toBeTruthy();
    expect(screen.getByRole("button", { name: "New price" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Edit/ })).toBeTruthy();
  });

  it("reads prices without offering to change them to a member without pricing:create", async () => {
    renderPage(["pricing:update", "catalog:read"]);
    expect(await screen.findByText("€17.50")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New price" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("does not ask for price records a member may not read (pricing:update)", async () => {
    const api = renderPage(["pricing:read", "catalog:read"]);
    expect(await screen.findByText(/needs the pricing:update permission/)).toBeTruthy();
    expect(api.calls.some((call) => call.path === "/api/pricing/prices")).toBe(false);
  });
});
