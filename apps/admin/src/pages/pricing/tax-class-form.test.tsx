import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../test/render-with-providers.js";
import { TaxClassForm } from "./tax-class-form.js";

const saved = {
  id: "t1",
  name: "reduced",
  rateBps: 550,
  isDefault: false,
  isActive: true,
  createdAt: "2026-11-28T00:00:00Z",
  updatedAt: "2026-11-28T00:00:00Z",
};

async function fill(name: string, rate: string) {
  await userEvent.type(screen.getByLabelText(/^Name/), name);
  await userEvent.type(screen.getByLabelText(/^Rate/), rate);
  await userEvent.click(screen.getByRole("button", { name: "Create tax class" }));
}

describe("TaxClassForm", () => {
  it("sends the rate in basis points", async () => {
    const api = fakeApi({ "POST /api/tax/classes": { status: 201, body: { data: saved } } });
    const onSaved = vi.fn();
    renderWithProviders(<TaxClassForm onSaved={onSaved} onCancel={vi.fn()} />, { api });
    await fill("reduced", "5.5");
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.calls[0]?.body).toEqual({ name: "reduced", rateBps: 550, isDefault: false, isActive: true });
  });

  it("wants a slug and a rate from 0 to 100 %", async () => {
    const api = fakeApi({});
    renderWithProviders(<TaxClassForm onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await fill("Reduced Rate", "120");
    expect(await screen.findByText(/^A slug of up to 64/)).toBeTruthy();
    expect(screen.getByText("At most 100 %")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows a taken name (409) on the name field", async () => {
    const api = fakeApi({ "POST /api/tax/classes": errorAnswer(409, "CONFLICT", "Tax class name already exists") });
    renderWithProviders(<TaxClassForm onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await fill("reduced", "5.5");
    expect(await screen.findByText("Another tax class has this name")).toBeTruthy();
  });
});
