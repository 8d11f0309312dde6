import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { type ProductFilters, useProductRows } from "./use-product-rows.js";

const NONE: ProductFilters = { q: "", status: "", type: "", category: "", brand: "", sort: "createdAt:desc" };

function Probe({ filters }: { filters: ProductFilters }) {
  const list = useProductRows(filters);
  return <div>{list.rows.map((row) => `${row.title ?? row.slug}:${row.status}`).join(",") || "empty"}</div>;
}

const entity = {
  id: "e1",
  type: "product",
  slug: "trail-shoe",
  status: "active",
  source: "platform",
  sourceStoreId: null,
  metadata: {},
  createdAt: "2026-11-01T10:00:00Z",
  updatedAt: "2026-11-01T10:00:00Z",
  attributes: { de: { locale: "de", title: "Laufschuh", description: null, seoTitle: null, seoDescription: null } },
};

describe("useProductRows", () => {
  it("reads the entity list by cursor, with the sort, the filters and only the attributes include", async () => {
    const api = fakeApi({
      "GET /api/catalog/entities": {
        body: {
          data: [entity],
          meta: { pagination: { page: 1, limit: 25, total: 1, totalPages: 1, nextCursor: null } },
        },
      },
    });
    renderWithProviders(<Probe filters={{ ...NONE, status: "active", sort: "slug:asc" }} />, { api });
    expect(await screen.findByText("Laufschuh:active")).toBeTruthy();
    expect(api.calls[0]?.query).toEqual({ limit: "25", sort: "slug:asc", include: "attributes", status: "active" });
  });

  it("asks the search route when there are words to match, with the same filters", async () => {
    const api = fakeApi({
      "GET /api/search": {
        body: {
          data: [
            {
              id: "e1",
              type: "product",
              slug: "trail-shoe",
              status: "active",
              title: "Trail",
              description: null,
              score: 1,
            },
          ],
          meta: { total: 1, isTotalExact: true, page: 1, limit: 25 },
        },
      },
    });
    renderWithProviders(<Probe filters={{ ...NONE, q: " trail ", type: "product" }} />, { api });
    expect(await screen.findByText("Trail:active")).toBeTruthy();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.query).toEqual({ q: "trail", page: "1", limit: "25", type: "product" });
  });
});
