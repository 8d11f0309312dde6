import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import type { Variant } from "./product-query.js";
import { VariantSkuForm } from "./variant-sku-form.js";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const VARIANT = "22222222-2222-4222-8222-222222222222";
const PATCH_PATH = `/api/catalog/entities/${PRODUCT}/variants/${VARIANT}`;
const small: Variant = {
  id: VARIANT,
  entityId: PRODUCT,
  sku: "TEE-S",
  options: { Size: "S" },
  optionValueIds: ["val-s"],
  position: 0,
  metadata: {},
  createdAt: "2026-11-28T00:00:00Z",
};

function renderForm(permissions: string[], patch?: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(permissions),
    ...(patch ? { [`PATCH ${PATCH_PATH}`]: patch } : {}),
  });
  renderWithProviders(<VariantSkuForm productId={PRODUCT} variant={small} />, { api });
  return api;
}

const patches = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === "PATCH");

describe("VariantSkuForm", () => {
  it("refuses a SKU longer than the server's 200 characters without sending it", async () => {
    const api = renderForm(["catalog:read", "catalog:update"]);
    const input = await screen.findByRole("textbox", { name: "SKU" });
    // fireEvent: the field's maxLength stops typing at 200; a paste from elsewhere can still be longer.
    fireEvent.change(input, { target: { value: "x".repeat(201) } });
    await userEvent.click(screen.getByRole("button", { name: "Save SKU" }));
    expect(await screen.findByText("At most 200 characters")).toBeTruthy();
    expect(patches(api)).toHaveLength(0);
  });

  it("saves the trimmed SKU, and an emptied field as null (clearing it)", async () => {
    const api = renderForm(["catalog:read", "catalog:update"], (call) => ({
      body: { data: { ...small, sku: (call.body as { sku: string | null }).sku } },
    }));
    const input = await screen.findByRole("textbox", { name: "SKU" });
    const save = screen.getByRole("button", { name: "Save SKU" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, "  TEE-SMALL ");
    await userEvent.click(save);
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    expect(patches(api)[0]).toMatchObject({ path: PATCH_PATH, body: { sku: "TEE-SMALL" } });
    await userEvent.clear(input);
    await userEvent.click(save);
    await waitFor(() => expect(patches(api)).toHaveLength(2));
    expect(patches(api)[1]?.body).toEqual({ sku: null });
  });

  it("shows the server's 409 for a SKU another variant holds on the field", async () => {
    renderForm(
      ["catalog:read", "catalog:update"],
      errorAnswer(409, "CONFLICT", "The SKU TAKEN-1 is already used by another variant", {
        issues: [{ path: "body.sku", message: "already used by another variant" }],
        details: { reason: "SKU_TAKEN" },
      }),
    );
    const input = await screen.findByRole("textbox", { name: "SKU" });
    await userEvent.clear(input);
    await userEvent.type(input, "TAKEN-1");
    await userEvent.click(screen.getByRole("button", { name: "Save SKU" }));
    const message = await screen.findByText("already used by another variant");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(message.id);
  });

  it("shows a 409 that names no field on the SKU field too", async () => {
    renderForm(["catalog:read", "catalog:update"], errorAnswer(409, "CONFLICT", "A record already exists"));
    const input = await screen.findByRole("textbox", { name: "SKU" });
    await userEvent.type(input, "-2");
    await userEvent.click(screen.getByRole("button", { name: "Save SKU" }));
    expect(await screen.findByText("Another variant already uses this SKU")).toBeTruthy();
  });

  it("only shows the SKU to a member without catalog:update", async () => {
    const api = renderForm(["catalog:read"]);
    expect(await screen.findByText("TEE-S")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "SKU" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save SKU" })).toBeNull();
    expect(patches(api)).toHaveLength(0);
  });
});
