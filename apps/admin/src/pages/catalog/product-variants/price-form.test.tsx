import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { PriceForm, priceRules } from "./price-form.js";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const VARIANT = "22222222-2222-4222-8222-222222222222";

const price = {
  id: "p1",
  entityId: PRODUCT,
  variantId: VARIANT,
  currency: "EUR",
  customerGroupId: null,
  amount: 1999,
  createdAt: "2026-11-28T00:00:00Z",
  updatedAt: "2026-11-28T00:00:00Z",
};

function renderForm(answer: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ "POST /api/pricing/prices": answer });
  renderWithProviders(<PriceForm productId={PRODUCT} variantId={VARIANT} />, { api });
  return api;
}

describe("PriceForm", () => {
  it("sends a variant's price in minor units, the currency in capitals and no group for everyone", async () => {
    const api = renderForm({ status: 201, body: { data: price } });
    const currency = screen.getByRole("textbox", { name: /^Currency/ });
    await userEvent.clear(currency);
    await userEvent.type(currency, "eur");
    await userEvent.type(screen.getByRole("textbox", { name: /^Amount/ }), "1999");
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        "POST",
        "/api/pricing/prices",
        { entityId: PRODUCT, variantId: VARIANT, currency: "EUR", customerGroupId: null, amount: 1999 },
      ],
    ]);
  });

  it("refuses what the server refuses before sending: no amount, a currency that is not three letters", async () => {
    const api = renderForm({ status: 201, body: { data: price } });
    const currency = screen.getByRole("textbox", { name: /^Currency/ });
    await userEvent.clear(currency);
    await userEvent.type(currency, "E1");
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    expect(await screen.findByText("Three capital letters (ISO 4217), such as EUR")).toBeTruthy();
    expect(screen.getByText("Enter the amount in minor units")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("holds amounts to whole, non-negative minor units and groups to 100 characters", () => {
    expect(priceRules.amount(0)).toBeNull();
    expect(priceRules.amount(1999)).toBeNull();
    expect(priceRules.amount(-1)).toBe("Cannot be negative");
    expect(priceRules.amount(19.99)).toBe("A whole number of minor units (1999 for 19.99)");
    expect(priceRules.amount("")).toBe("Enter the amount in minor units");
    expect(priceRules.currency("EUR")).toBeNull();
    expect(priceRules.currency("EURO")).not.toBeNull();
    expect(priceRules.customerGroupId("g".repeat(101))).toBe("At most 100 characters");
  });

  it("shows the server's field errors on the fields they name", async () => {
    renderForm(
      errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [
          { path: "body.amount", message: "Too big: expected number to be <=1000000000000" },
          { path: "body.currency", message: "an ISO 4217 code in upper case, such as EUR" },
        ],
      }),
    );
    await userEvent.type(screen.getByRole("textbox", { name: /^Amount/ }), "5");
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    const amount = screen.getByRole("textbox", { name: /^Amount/ });
    await waitFor(() => expect(amount.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Too big: expected number to be <=1000000000000")).toBeTruthy();
    expect(screen.getByText("an ISO 4217 code in upper case, such as EUR")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows an error that names no field in an alert (a variant deleted meanwhile)", async () => {
    renderForm(errorAnswer(404, "NOT_FOUND", "Catalog variant not found"));
    await userEvent.type(screen.getByRole("textbox", { name: /^Amount/ }), "5");
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Catalog variant not found");
  });
});
