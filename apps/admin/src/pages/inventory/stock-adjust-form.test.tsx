import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../test/render-with-providers.js";
import { StockAdjustForm } from "./stock-adjust-form.js";

const ENTITY = "11111111-1111-4111-8111-111111111111";
const WAREHOUSE = "22222222-2222-4222-8222-222222222222";
const warehouses = [{ id: WAREHOUSE, name: "Main", code: "main", createdAt: "2026-11-28T00:00:00Z" }];
const target = { entityId: ENTITY, variantId: null, label: "T-shirt" };
const level = {
  id: "l1",
  warehouseId: WAREHOUSE,
  entityId: ENTITY,
  variantId: null,
  onHand: 12,
  reserved: 2,
  available: 10,
  updatedAt: "2026-11-28T00:00:00Z",
};

function renderForm(api: ReturnType<typeof fakeApi>, onAdjusted = vi.fn()) {
  renderWithProviders(
    <StockAdjustForm target={target} warehouses={warehouses} onAdjusted={onAdjusted} onClose={vi.fn()} />,
    { api },
  );
  return onAdjusted;
}

async function chooseType(label: RegExp) {
  await userEvent.selectOptions(screen.getByLabelText(/^Type/), screen.getByRole("option", { name: label }));
}

const submit = () => userEvent.click(screen.getByRole("button", { name: "Adjust stock" }));

describe("StockAdjustForm", () => {
  it("restocks in the only warehouse and shows the level it left", async () => {
    const api = fakeApi({ "POST /api/inventory/adjust": { body: { data: level } } });
    const onAdjusted = renderForm(api);
    await userEvent.type(screen.getByLabelText(/^Quantity/), "5");
    await userEvent.type(screen.getByLabelText(/^Note/), "delivery 42");
    await submit();
    expect((await screen.findByRole("status")).textContent).toContain(
      "T-shirt in Main: 12 on hand, 2 reserved, 10 available.",
    );
    expect(onAdjusted).toHaveBeenCalledWith(level);
    expect(api.calls[0]).toEqual({
      method: "POST",
      path: "/api/inventory/adjust",
      body: {
        entityId: ENTITY,
        variantId: null,
        warehouseId: WAREHOUSE,
        type: "restock",
        quantity: 5,
        note: "delivery 42",
      },
    });
  });

  it("asks for a quantity, positive except for a correction, which must not be zero", async () => {
    const api = fakeApi({});
    renderForm(api);
    await submit();
    expect(await screen.findByText("Enter a whole number")).toBeTruthy();
    await chooseType(/^Correction/);
    await userEvent.type(screen.getByLabelText(/^Quantity/), "0");
    await submit();
    expect(await screen.findByText("A correction must change the stock")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("sends a negative correction as a signed quantity", async () => {
    const api = fakeApi({ "POST /api/inventory/adjust": { body: { data: { ...level, onHand: 9 } } } });
    renderForm(api);
    await chooseType(/^Correction/);
    await userEvent.type(screen.getByLabelText(/^Quantity/), "-3");
    await submit();
    await screen.findByRole("status");
    expect(api.calls[0]?.body).toMatchObject({ type: "correction", quantity: -3, note: null });
  });

  it("shows short stock (409) on the quantity", async () => {
    const api = fakeApi({
      "POST /api/inventory/adjust": errorAnswer(409, "CONFLICT", "Not enough stock: 2 available", {
        details: { reason: "OUT_OF_STOCK" },
      }),
    });
    const onAdjusted = renderForm(api);
    await chooseType(/^Damage/);
    await userEvent.type(screen.getByLabelText(/^Quantity/), "50");
    await submit();
    expect(await screen.findByText("Not enough stock: 2 available")).toBeTruthy();
    expect(onAdjusted).not.toHaveBeenCalled();
  });

  it("maps a 422's issues onto the fields", async () => {
    const api = fakeApi({
      "POST /api/inventory/adjust": errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.quantity", message: "restock takes a positive quantity" }],
      }),
    });
    renderForm(api);
    await userEvent.type(screen.getByLabelText(/^Quantity/), "5");
    await submit();
    await waitFor(() => expect(screen.getByText("restock takes a positive quantity")).toBeTruthy());
  });
});
