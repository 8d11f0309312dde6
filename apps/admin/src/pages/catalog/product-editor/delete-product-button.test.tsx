import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import { DeleteProductButton } from "./delete-product-button.js";

const product = { id: "e1", slug: "summer-shirt" };

describe("DeleteProductButton", () => {
  it("is not there for a staff member without catalog:delete", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:create", "catalog:update"]),
    });
    renderWithProviders(
      <>
        <span>editor</span>
        <DeleteProductButton entity={product} onDeleted={vi.fn()} />
      </>,
      { api },
    );
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await screen.findByText("editor");
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("asks first, then deletes for a member with catalog:delete", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:*"]),
      "DELETE /api/catalog/entities/e1": { body: { data: { id: "e1" } } },
    });
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteProductButton entity={product} onDeleted={onDeleted} />, { api });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText(/This cannot be undone/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    const dialog = screen.getByRole("dialog");
    await userEvent.click(dialog.querySelector("button.mantine-Button-root:last-of-type") as HTMLElement);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(api.calls.filter((call) => call.method === "DELETE")).toEqual([
      { method: "DELETE", path: "/api/catalog/entities/e1", body: undefined },
    ]);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:*"]),
      "DELETE /api/catalog/entities/e1": errorAnswer(403, "FORBIDDEN", "Missing permission catalog:delete"),
    });
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteProductButton entity={product} onDeleted={onDeleted} />, { api });
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(dialog.querySelector("button.mantine-Button-root:last-of-type") as HTMLElement);
    expect(await screen.findByText(/Missing permission catalog:delete/)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
