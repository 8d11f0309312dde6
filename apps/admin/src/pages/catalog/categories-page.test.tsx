import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FakeAnswer, fakeApi, renderWithProviders, sessionWith } from "../../test/render-with-providers.js";
import { CategoriesPage } from "./categories-page.js";

const categories = [
  { id: "c2", name: "Shirts", slug: "shirts", parentId: "c1", description: null },
  { id: "c3", name: "Shoes", slug: "shoes", parentId: null, description: "Feet first" },
  { id: "c1", name: "Clothing", slug: "clothing", parentId: null, description: null },
];

const list: FakeAnswer = {
  body: { data: categories, meta: { pagination: { page: 1, limit: 100, total: 3, totalPages: 1 } } },
};

function rowNames() {
  const table = screen.getByRole("table", { name: "Categories" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
}

describe("CategoriesPage", () => {
  it("shows the tree, each category under its parent", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["*:*"], "owner"),
      "GET /api/catalog/categories": list,
    });
    renderWithProviders(<CategoriesPage />, { api });
    await screen.findByText("Shirts");
    expect(rowNames()).toEqual(["Clothing", "└ Shirts", "Shoes"]);
  });

  it("deletes only after confirmation, saying what the subcategories become", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["*:*"], "owner"),
      "GET /api/catalog/categories": list,
      "DELETE /api/catalog/categories/c1": { body: { data: categories[2] } },
    });
    renderWithProviders(<CategoriesPage />, { api });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Clothing" }));
    expect(await screen.findByText(/Its subcategory becomes a top-level category/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Delete category" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "DELETE")).toBe(true));
  });

  it("hides create, edit and delete from a member who may only read", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read"]),
      "GET /api/catalog/categories": list,
    });
    renderWithProviders(<CategoriesPage />, { api });
    await screen.findByText("Shirts");
    expect(screen.queryByRole("button", { name: "New category" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
  });

  it("lets staff edit but not delete (no catalog:delete)", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:update"]),
      "GET /api/catalog/categories": list,
    });
    renderWithProviders(<CategoriesPage />, { api });
    expect(await screen.findByRole("button", { name: "Edit Shirts" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "New category" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete Shirts" })).toBeNull();
  });
});
