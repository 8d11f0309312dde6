import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  errorAnswer,
  type FakeAnswer,
  fakeApi,
  renderWithProviders,
  sessionWith,
} from "../../test/render-with-providers.js";
import { MediaPage } from "./media-page.js";

const ASSET = "44444444-4444-4444-8444-444444444444";
const asset = {
  id: ASSET,
  // Not an image: the test needs no file request.
  filename: "size-chart.pdf",
  mimeType: "application/pdf",
  sizeBytes: 2048,
  alt: null,
  origin: "merchant",
  confidence: null,
  derivedFromAssetId: null,
  createdBy: "u1",
  createdAt: "2026-11-28T00:00:00Z",
};

function renderPage(permissions: string[], patch: FakeAnswer = { body: { data: { ...asset, alt: "Size chart" } } }) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(permissions),
    "GET /api/media": {
      body: { data: [asset], meta: { pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } } },
    },
    [`PATCH /api/media/${ASSET}`]: patch,
    [`DELETE /api/media/${ASSET}`]: { body: { data: asset } },
  });
  renderWithProviders(<MediaPage />, { api });
  return api;
}

describe("MediaPage", () => {
  it("lists the library and deletes a file only once confirmed", async () => {
    const api = renderPage(["media:read", "media:write"]);
    expect(await screen.findByText("size-chart.pdf")).toBeTruthy();
    expect(screen.getByText("No alt text")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Delete size-chart.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the file?" });
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete file" }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
        `/api/media/${ASSET}`,
      ]),
    );
  });

  it("changes a file's alt text, and shows the server's refusal on the field", async () => {
    const api = renderPage(
      ["media:write"],
      errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.alt", message: "Too long" }],
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Edit alt text of size-chart.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Alt text" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Alt text" }), "Size chart");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Too long")).toBeTruthy();
    expect(api.calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
      { alt: "Size chart" },
    ]);
  });

  it("tells a member without media:write that the library is closed to them, asking the API nothing", async () => {
    const api = renderPage(["media:read"]);
    expect(await screen.findByText(/needs media:write/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Choose files" })).toBeNull();
    expect(api.calls.some((call) => call.path === "/api/media")).toBe(false);
  });
});
