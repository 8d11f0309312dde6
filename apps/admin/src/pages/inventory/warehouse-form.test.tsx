import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../test/render-with-providers.js";
import { WarehouseForm } from "./warehouse-form.js";

const created = { id: "w1", name: "Main", code: "main", createdAt: "2026-11-28T00:00:00Z" };

async function fill(name: string, code: string) {
  if (name) await userEvent.type(screen.getByLabelText(/^Name/), name);
  if (code) await userEvent.type(screen.getByLabelText(/^Code/), code);
  await userEvent.click(screen.getByRole("button", { name: "Create warehouse" }));
}

describe("WarehouseForm", () => {
  it("creates a warehouse with the trimmed name and code", async () => {
    const api = fakeApi({ "POST /api/inventory/warehouses": { status: 201, body: { data: created } } });
    const onSaved = vi.fn();
    renderWithProviders(<WarehouseForm onSaved={onSaved} onCancel={vi.fn()} />, { api });
    await fill(" Main ", "main");
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(api.calls).toEqual([
      { method: "POST", path: "/api/inventory/warehouses", body: { name: "Main", code: "main" } },
    ]);
  });

  it("checks the server's rules before asking it: a name, and a lowercase code", async () => {
    const api = fakeApi({});
    renderWithProviders(<WarehouseForm onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await fill("", "Main WH");
    expect(await screen.findByText("Enter a name")).toBeTruthy();
    expect(screen.getByText("1 to 50 lowercase letters, digits, _ and -")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows a taken code (409) on the code field", async () => {
    const api = fakeApi({
      "POST /api/inventory/warehouses": errorAnswer(409, "CONFLICT", "Warehouse code already exists"),
    });
    const onSaved = vi.fn();
    renderWithProviders(<WarehouseForm onSaved={onSaved} onCancel={vi.fn()} />, { api });
    await fill("Main", "main");
    expect(await screen.findByText("Another warehouse has this code")).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on the fields they name", async () => {
    const api = fakeApi({
      "POST /api/inventory/warehouses": errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.name", message: "Too long for the server" }],
      }),
    });
    renderWithProviders(<WarehouseForm onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await fill("Main", "main");
    expect(await screen.findByText("Too long for the server")).toBeTruthy();
  });

  it("shows an error that names no field in an alert, with its request id", async () => {
    const api = fakeApi({ "POST /api/inventory/warehouses": errorAnswer(500, "INTERNAL", "Database is down") });
    renderWithProviders(<WarehouseForm onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await fill("Main", "main");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Database is down");
    expect(alert.textContent).toContain("req_test");
  });
});
