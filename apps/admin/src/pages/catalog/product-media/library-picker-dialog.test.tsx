import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "@unified-commerce/client";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import { type LibraryAsset, LibraryPickerDialog } from "./library-picker-dialog.js";

const asset = (id: string, filename: string): LibraryAsset => ({
  id,
  filename,
  // Not an image: the test needs no file request for a preview.
  mimeType: "application/pdf",
  sizeBytes: 1024,
  alt: null,
  origin: "merchant",
  confidence: null,
  derivedFromAssetId: null,
  createdBy: "u1",
  createdAt: "2026-11-28T00:00:00Z",
});

function renderDialog(onAttach: (asset: LibraryAsset, key: string) => Promise<unknown>) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(["media:write"]),
    "GET /api/media": (call) =>
      call.query?.page === "2"
        ? { body: { data: [asset("m3", "page-two.pdf")], meta: { pagination: { page: 2, totalPages: 2 } } } }
        : {
            body: {
              data: [asset("m1", "spec-sheet.pdf"), asset("m2", "already-here.pdf")],
              meta: { pagination: { page: 1, limit: 10, total: 11, totalPages: 2 } },
            },
          },
  });
  renderWithProviders(
    <LibraryPickerDialog
      opened
      onClose={() => undefined}
      targetLabel="variant Size: S"
      attachedAssetIds={new Set(["m2"])}
      onAttach={onAttach}
    />,
    { api },
  );
  return api;
}

describe("LibraryPickerDialog", () => {
  it("lists the library page by page and attaches a file, those already attached not choosable", async () => {
    const onAttach = vi.fn(async (_asset: LibraryAsset, _key: string) => undefined);
    const api = renderDialog(onAttach);
    const dialog = await screen.findByRole("dialog", { name: "Choose from library" });
    expect(within(dialog).getByText("Attach files already uploaded to variant Size: S.")).toBeTruthy();
    const table = await within(dialog).findByRole("table", { name: "Media library" });
    await within(table).findByText("spec-sheet.pdf");
    expect(within(table).queryByRole("button", { name: "Attach already-here.pdf" })).toBeNull();
    expect(within(table).getByText("Attached")).toBeTruthy();
    await userEvent.click(within(table).getByRole("button", { name: "Attach spec-sheet.pdf" }));
    await waitFor(() => expect(onAttach).toHaveBeenCalledTimes(1));
    expect(onAttach.mock.calls[0]?.[0]).toMatchObject({ id: "m1" });
    expect(onAttach.mock.calls[0]?.[1]).toMatch(/\S{16,}/);

    await userEvent.click(within(dialog).getByRole("button", { name: "2" }));
    await within(table).findByText("page-two.pdf");
    expect(api.calls.filter((call) => call.path === "/api/media").map((call) => call.query)).toEqual([
      { page: "1", limit: "10" },
      { page: "2", limit: "10" },
    ]);
  });

  it("shows a refused attach and retries it with the same idempotency key", async () => {
    const onAttach = vi
      .fn<(asset: LibraryAsset, key: string) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiError({ status: 409, code: "CONFLICT", message: "The asset is already attached at this level" }),
      )
      .mockResolvedValueOnce(undefined);
    renderDialog(onAttach);
    const table = await screen.findByRole("table", { name: "Media library" });
    const attach = await within(table).findByRole("button", { name: "Attach spec-sheet.pdf" });
    await userEvent.click(attach);
    expect(await screen.findByText("The asset is already attached at this level")).toBeTruthy();
    await userEvent.click(attach);
    await waitFor(() => expect(onAttach).toHaveBeenCalledTimes(2));
    expect(onAttach.mock.calls[1]?.[1]).toBe(onAttach.mock.calls[0]?.[1]);
  });
});
