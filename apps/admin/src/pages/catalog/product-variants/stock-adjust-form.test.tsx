import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { adjustRules, StockAdjustForm } from "./stock-adjust-form.js";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const VARIANT = "22222222-2222-4222-8222-222222222222";
const WAREHOUSE = "33333333-3333-4333-8333-333333333333";
const warehouses = [{ value: WAREHOUSE, label: "Main (main)" }];

const level = {
  id: "l1",
  warehouseId: WAREHOUSE,
  entityId: PRODUCT,
  variantId: VARIANT,
  onHand: 10,
  reserved: 0,
  available: 10,
  updatedAt: "2026-11-28T00:00:00Z",
};

function renderForm(answer: Parameters<typeof fakeApi>[0][string], list = warehouses) {
  const api = fakeApi({ "POST /api/inventory/adjust": answer });
  renderWithProviders(<StockAdjustForm productId={PRODUCT} variantId={VARIANT} warehouses={list} />, { api });
  return api;
}

describe("StockAdjustForm", () => {
  it("restocks a variant in a warehouse with a note, and says what is on hand now", async () => {
    const api = renderForm({ body: { data: level } });
    await userEvent.type(screen.getByRole("textbox", { name: /^Quantity/ }), "10");
    await userEvent.type(screen.getByRole("textbox", { name: /^Note/ }), "First delivery");
    await userEvent.click(screen.getByRole("button", { name: "Adjust stock" }));
    expect(await screen.findByText("On hand now 10.")).toBeTruthy();
    expect(api.calls.map((call) => call.body)).toEqual([
      {
        entityId: PRODUCT,
        variantId: VARIANT,
        warehouseId: WAREHOUSE,
        type: "restock",
        quantity: 10,
        note: "First delivery",
      },
    ]);
  });

  it("asks for a positive quantity (the type says the direction) and sends nothing", async () => {
    const api = renderForm({ body: { data: level } });
    await userEvent.type(screen.getByRole("textbox", { name: /^Quantity/ }), "0");
    await userEvent.click(screen.getByRole("button", { name: "Adjust stock" }));
    expect(await screen.findByText("More than 0 (the type says whether it adds or removes)")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("takes a signed, non-zero change for a correction only, and a note of at most 500 characters", () => {
    const values = (type: "restock" | "correction") => ({ warehouseId: WAREHOUSE, type, quantity: 0, note: "" });
    expect(adjustRules.quantity(-3, values("correction"))).toBeNull();
    expect(adjustRules.quantity(0, values("correction"))).toBe("A correction changes the stock: not 0");
    expect(adjustRules.quantity(-3, values("restock"))).not.toBeNull();
    expect(adjustRules.quantity(1.5, values("restock"))).toBe("A whole number");
    expect(adjustRules.quantity(2_000_000_000, values("restock"))).toBe("Too large");
    expect(adjustRules.note("n".repeat(501))).toBe("At most 500 characters");
    expect(adjustRules.warehouseId(null)).toBe("Choose a warehouse");
  });

  it("shows the server's field error on its field, and a refusal without one in an alert", async () => {
    renderForm(
      errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.quantity", message: "Too big" }],
      }),
    );
    await userEvent.type(screen.getByRole("textbox", { name: /^Quantity/ }), "5");
    await userEvent.click(screen.getByRole("button", { name: "Adjust stock" }));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: /^Quantity/ }).getAttribute("aria-invalid")).toBe("true"),
    );
    expect(screen.getByText("Too big")).toBeTruthy();
  });

  it("explains a sale below the reserved stock (409)", async () => {
    renderForm(errorAnswer(409, "CONFLICT", "Stock would go below the reserved quantity"));
    await userEvent.type(screen.getByRole("textbox", { name: /^Quantity/ }), "5");
    await userEvent.click(screen.getByRole("button", { name: "Adjust stock" }));
    expect((await screen.findByRole("alert")).textContent).toContain("below the reserved quantity");
  });

  it("says where to create a warehouse when there is none", () => {
    renderForm({ body: { data: level } }, []);
    expect(screen.getByText(/No warehouse yet/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Adjust stock" })).toBeNull();
  });
});
