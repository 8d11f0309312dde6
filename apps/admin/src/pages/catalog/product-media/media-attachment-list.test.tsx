import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import { MediaAttachmentList } from "./media-attachment-list.js";
import { moved, type ProductMedia } from "./product-media.js";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const item = (id: string, alt: string | null, sortOrder: number): ProductMedia => ({
  id,
  mediaAssetId: `asset-${id}`,
  variantId: null,
  role: "image",
  sortOrder,
  // Not an image: the test needs no file request.
  mimeType: "application/pdf",
  alt,
});

function renderList(permissions: string[]) {
  const onChanged = vi.fn(async () => undefined);
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(permissions),
    "POST /api/media/attachments/order": { body: { data: [] } },
    "DELETE /api/media/attachments/a1": { body: { data: {} } },
  });
  renderWithProviders(
    <MediaAttachmentList
      title="Product"
      productId={PRODUCT}
      variantId={null}
      items={[item("a1", "Front", 0), item("a2", null, 1)]}
      onChanged={onChanged}
    />,
    { api },
  );
  return { api, onChanged };
}

describe("MediaAttachmentList", () => {
  it("moves a picture up with the keyboard: one request with the whole new order", async () => {
    const { api, onChanged } = renderList(["media:read", "media:write"]);
    const up = await screen.findByRole("button", { name: "Move picture 2 up" });
    expect((screen.getByRole("button", { name: "Move picture 1 (Front) up" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    up.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { entityId: PRODUCT, variantId: null, attachmentIds: ["a2", "a1"] },
    ]);
  });

  it("asks before detaching, and detaches only when confirmed", async () => {
    const { api } = renderList(["media:read", "media:write"]);
    const [detach] = await screen.findAllByRole("button", { name: "Detach" });
    if (!detach) throw new Error("no detach button");
    await userEvent.click(detach);
    const dialog = await screen.findByRole("dialog", { name: "Detach the picture?" });
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Detach" }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
        "/api/media/attachments/a1",
      ]),
    );
  });

  it("shows a member without media:write the pictures but no control to change them", async () => {
    renderList(["media:read"]);
    expect(await screen.findByText(/Front/)).toBeTruthy();
    expect(screen.getByText("No alt text")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Detach" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Alt text" })).toBeNull();
  });
});

describe("moved", () => {
  it("moves one item by one place and leaves the ends alone", () => {
    expect(moved(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});
