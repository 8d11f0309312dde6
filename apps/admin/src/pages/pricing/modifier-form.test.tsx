import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../test/render-with-providers.js";
import { type Modifier, ModifierForm } from "./modifier-form.js";

const saved: Modifier = {
  id: "m1",
  name: "Winter sale",
  kind: "percentage",
  value: -1000,
  entityId: null,
  variantId: null,
  currency: null,
  customerGroupId: null,
  priority: 0,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-28T00:00:00Z",
  updatedAt: "2026-11-28T00:00:00Z",
};

const renderForm = (api: ReturnType<typeof fakeApi>, modifier?: Modifier) =>
  renderWithProviders(<ModifierForm modifier={modifier} products={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, {
    api,
  });

describe("ModifierForm", () => {
  it("sends a percentage in basis points", async () => {
    const api = fakeApi({ "POST /api/pricing/modifiers": { status: 201, body: { data: saved } } });
    renderForm(api);
    await userEvent.type(screen.getByLabelText(/^Name/), "Winter sale");
    await userEvent.type(screen.getByLabelText(/^Change/), "-12.5");
    await userEvent.click(screen.getByRole("button", { name: "Create modifier" }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      name: "Winter sale",
      kind: "percentage",
      value: -1250,
      entityId: null,
      variantId: null,
      currency: null,
      customerGroupId: null,
      priority: 0,
      isActive: true,
      startsAt: null,
      endsAt: null,
    });
  });

  it("refuses a percentage out of the server's bounds and a window that ends before it starts", async () => {
    const api = fakeApi({});
    renderForm(api);
    await userEvent.type(screen.getByLabelText(/^Name/), "Too much");
    await userEvent.type(screen.getByLabelText(/^Change/), "-150");
    await userEvent.type(screen.getByLabelText(/^Starts/), "2026-12-10T10:00");
    await userEvent.type(screen.getByLabelText(/^Ends/), "2026-12-01T10:00");
    await userEvent.click(screen.getByRole("button", { name: "Create modifier" }));
    expect(await screen.findByText("Between -100 % and 1,000 %")).toBeTruthy();
    expect(screen.getByText("Must be after the start")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("updates an existing modifier and shows the server's field errors on their fields", async () => {
    const api = fakeApi({
      "PATCH /api/pricing/modifiers/m1": errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.currency", message: "a fixed modifier needs a currency" }],
      }),
    });
    renderForm(api, saved);
    expect((screen.getByLabelText(/^Change/) as HTMLInputElement).value).toBe("-10");
    await userEvent.click(screen.getByRole("button", { name: "Save modifier" }));
    expect(await screen.findByText("a fixed modifier needs a currency")).toBeTruthy();
    expect(api.calls[0]).toMatchObject({ method: "PATCH", path: "/api/pricing/modifiers/m1" });
  });
});
