import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../test/render-with-providers.js";
import { type Price, PriceForm } from "./price-form.js";

const ENTITY = "11111111-1111-4111-8111-111111111111";
const products = [{ value: ENTITY, label: "T-shirt", variants: [] }];
const saved: Price = {
  id: "p1",
  entityId: ENTITY,
  variantId: null,
  currency: "EUR",
  customerGroupId: "wholesale",
  amount: 1250,
  createdAt: "2026-11-28T00:00:00Z",
  updatedAt: "2026-11-28T00:00:00Z",
};

const submit = (name = "Create price") => userEvent.click(screen.getByRole("button", { name }));

describe("PriceForm", () => {
  it("sends the amount in minor units of the currency, for a customer group", async () => {
    const api = fakeApi({ "POST /api/pricing/prices": { status: 201, body: { data: saved } } });
    const onSaved = vi.fn();
    renderWithProviders(<PriceForm products={products} onSaved={onSaved} onCancel={vi.fn()} />, { api });
    await userEvent.click(screen.getByLabelText(/^Product/, { selector: "input" }));
    await userEvent.click(await screen.findByRole("option", { name: "T-shirt", hidden: true }));
    await userEvent.type(screen.getByLabelText(/^Amount/), "12.5");
    await userEvent.type(screen.getByLabelText(/^Customer group/, { selector: "input" }), "wholesale");
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.calls[0]).toEqual({
      method: "POST",
      path: "/api/pricing/prices",
      body: { entityId: ENTITY, variantId: null, currency: "EUR", customerGroupId: "wholesale", amount: 1250 },
    });
  });

  it("checks product, currency and amount by the server's rules before asking it", async () => {
    const api = fakeApi({});
    renderWithProviders(<PriceForm products={products} onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    const currency = screen.getByLabelText(/^Currency/);
    await userEvent.clear(currency);
    await userEvent.type(currency, "eu");
    await userEvent.type(screen.getByLabelText(/^Amount/), "12.345");
    await submit();
    expect(await screen.findByText("Choose a product")).toBeTruthy();
    expect(screen.getByText("Three capital letters, such as EUR")).toBeTruthy();
    expect(screen.getByText("An amount with at most 2 decimals")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("edits only the amount of an existing price, and shows the server's field errors on their fields", async () => {
    const api = fakeApi({
      "POST /api/pricing/prices": errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.amount", message: "Too small for the server" }],
      }),
    });
    renderWithProviders(<PriceForm price={saved} products={products} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      api,
    });
    expect((screen.getByLabelText(/^Currency/) as HTMLInputElement).disabled).toBe(true);
    const amount = screen.getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe("12.50");
    await userEvent.clear(amount);
    await userEvent.type(amount, "9.99");
    await submit("Save price");
    expect(await screen.findByText("Too small for the server")).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({ entityId: ENTITY, customerGroupId: "wholesale", amount: 999 });
  });

  it("shows an error that names no field in an alert", async () => {
    const api = fakeApi({ "POST /api/pricing/prices": errorAnswer(404, "NOT_FOUND", "Catalog entity not found") });
    renderWithProviders(<PriceForm price={saved} products={products} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      api,
    });
    await submit("Save price");
    expect((await screen.findByRole("alert")).textContent).toContain("Catalog entity not found");
  });
});
