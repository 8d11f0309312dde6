import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { BrandForm } from "./brand-form.js";

const acme = { id: "b1", name: "Acme", slug: "acme", description: null };

describe("BrandForm", () => {
  it("creates a brand, its slug proposed from the name", async () => {
    const api = fakeApi({ "POST /api/catalog/brands": { status: 201, body: { data: acme } } });
    const onSaved = vi.fn();
    renderWithProviders(<BrandForm onSaved={onSaved} onCancel={vi.fn()} />, { api });
    await userEvent.type(screen.getByLabelText(/^Name/), "Ácme Linen");
    await userEvent.click(screen.getByRole("button", { name: "Create brand" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(acme));
    expect(api.calls[0]?.body).toEqual({ name: "Ácme Linen", slug: "acme-linen", description: null });
  });

  it("checks the fields first, then shows a taken slug and the server's field errors on their fields", async () => {
    let answer = errorAnswer(409, "CONFLICT", "A record with the same unique value already exists");
    const api = fakeApi({ "PATCH /api/catalog/brands/b1": () => answer });
    renderWithProviders(<BrandForm brand={acme} onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a name")).toBeTruthy();
    expect(api.calls).toEqual([]);
    await userEvent.type(screen.getByLabelText(/^Name/), "Acme");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Another brand has this slug")).toBeTruthy();
    answer = errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
      issues: [{ path: "body.description", message: "Too big: expected string to have <=5000 characters" }],
    });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Too big: expected string to have <=5000 characters")).toBeTruthy();
  });
});
