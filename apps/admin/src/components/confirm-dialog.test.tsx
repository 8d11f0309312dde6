import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../test/render-with-providers.js";
import { ConfirmDialog } from "./confirm-dialog.js";

function DeleteButton({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Delete
      </button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={onConfirm}
        title="Delete the product?"
        message="It leaves the storefront at once."
        confirmLabel="Delete for good"
      />
    </>
  );
}

describe("ConfirmDialog", () => {
  it("runs the action only once confirmed, then closes", async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderWithProviders(<DeleteButton onConfirm={onConfirm} />, { api: fakeApi({}) });
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete for good" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText("It leaves the storefront at once.")).toBeNull());
  });

  it("stays open and shows the error when the action fails", async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error("The product has orders");
    });
    renderWithProviders(<DeleteButton onConfirm={onConfirm} />, { api: fakeApi({}) });
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete for good" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The product has orders");
    expect(screen.getByText("It leaves the storefront at once.")).toBeTruthy();
  });
});
