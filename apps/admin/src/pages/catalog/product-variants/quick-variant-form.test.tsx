import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import { QuickVariantForm } from "./quick-variant-form.js";

const PRODUCT = "11111111-1111-4111-8111-111111111111";

describe("QuickVariantForm", () => {
  it("shows the server's 409 for a taken SKU on the SKU field", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:update"]),
      [`POST /api/catalog/entities/${PRODUCT}/variants/quick`]: errorAnswer(
        409,
        "CONFLICT",
        "The SKU TEE-S is already used by another variant",
        {
          issues: [{ path: "body.sku", message: "already used by another variant" }],
          details: { reason: "SKU_TAKEN" },
        },
      ),
    });
    renderWithProviders(<QuickVariantForm productId={PRODUCT} optionTypes={[]} />, { api });
    await userEvent.type(screen.getByRole("textbox", { name: "Axis" }), "Size");
    await userEvent.type(screen.getByRole("textbox", { name: "Value" }), "XL");
    await userEvent.type(screen.getByRole("textbox", { name: "SKU" }), "TEE-S");
    await userEvent.click(screen.getByRole("button", { name: "Add variant" }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(await screen.findByText("already used by another variant")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "SKU" }).getAttribute("aria-invalid")).toBe("true");
  });
});
