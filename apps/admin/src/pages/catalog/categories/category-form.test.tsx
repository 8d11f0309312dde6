import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { CategoryForm } from "./category-form.js";
import type { Category } from "./category-tree.js";

const clothing: Category = { id: "c1", name: "Clothing", slug: "clothing", parentId: null, description: null };
const shirts: Category = { id: "c2", name: "Shirts", slug: "shirts", parentId: "c1", description: null };
const shoes: Category = { id: "c4", name: "Shoes", slug: "shoes", parentId: null, description: null };
const created = { id: "c3", name: "Summer Tops", slug: "summer-tops", parentId: null, description: null };

describe("CategoryForm", () => {
  it("proposes the slug from the name and creates the category", async () => {
    const api = fakeApi({ "POST /api/catalog/categories": { status: 201, body: { data: created } } });
    const onSaved = vi.fn();
    renderWithProviders(<CategoryForm categories={[clothing]} onSaved={onSaved} onCancel={vi.fn()} />, { api });
    await userEvent.type(screen.getByLabelText(/^Name/), "Summer Tops");
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe("summer-tops");
    await userEvent.click(screen.getByRole("button", { name: "Create category" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(api.calls[0]?.body).toEqual({ name: "Summer Tops", slug: "summer-tops", parentId: null, description: null });
  });

  it("checks the server's rules before asking it", async () => {
    const api = fakeApi({});
    renderWithProviders(<CategoryForm categories={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await userEvent.click(screen.getByRole("button", { name: "Create category" }));
    expect(await screen.findByText("Enter a name")).toBeTruthy();
    expect(screen.getByText("Enter a slug")).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Slug/), "Summer Tops");
    await userEvent.click(screen.getByRole("button", { name: "Create category" }));
    expect(await screen.findByText(/Lowercase letters, digits and single dashes only/)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Slug/));
    await userEvent.type(screen.getByLabelText(/^Name/), "x");
    await userEvent.click(screen.getByLabelText(/^Slug/));
    await userEvent.paste("a".repeat(201));
    await userEvent.click(screen.getByRole("button", { name: "Create category" }));
    expect(await screen.findByText("At most 200 characters")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's field errors on their fields, and a taken slug on the slug", async () => {
    let answer = errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
      issues: [{ path: "body.parentId", message: "a category cannot be its own parent" }],
    });
    const api = fakeApi({ "PATCH /api/catalog/categories/c2": () => answer });
    renderWithProviders(
      <CategoryForm category={shirts} categories={[clothing, shirts]} onSaved={vi.fn()} onCancel={vi.fn()} />,
      { api },
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("a category cannot be its own parent")).toBeTruthy();
    answer = errorAnswer(409, "CONFLICT", "A record with the same unique value already exists");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Another category has this slug")).toBeTruthy();
    expect(api.calls.map((call) => call.method)).toEqual(["PATCH", "PATCH"]);
  });

  it("shows an error that names no field above the buttons, with its request id", async () => {
    const api = fakeApi({
      "POST /api/catalog/categories": errorAnswer(500, "INTERNAL_ERROR", "Internal server error"),
    });
    renderWithProviders(<CategoryForm categories={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await userEvent.type(screen.getByLabelText(/^Name/), "Shoes");
    await userEvent.click(screen.getByRole("button", { name: "Create category" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Internal server error");
    expect(alert.textContent).toContain("req_test");
  });

  it("never offers a category, or one of its subcategories, as its own parent", async () => {
    const api = fakeApi({});
    renderWithProviders(
      <CategoryForm category={clothing} categories={[clothing, shirts, shoes]} onSaved={vi.fn()} onCancel={vi.fn()} />,
      { api },
    );
    await userEvent.click(screen.getByRole("combobox", { name: "Parent category" }));
    expect(await screen.findByRole("option", { name: "Shoes", hidden: true })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Clothing/, hidden: true })).toBeNull();
    expect(screen.queryByRole("option", { name: /Shirts/, hidden: true })).toBeNull();
  });
});
