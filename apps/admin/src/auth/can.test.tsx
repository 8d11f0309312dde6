import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../test/render-with-providers.js";
import { Can } from "./can.js";
import { permissionCovers } from "./permissions.js";

function renderGate(permissions: string[]) {
  const api = fakeApi({ "GET /api/auth/get-session": sessionWith(permissions) });
  return renderWithProviders(
    <>
      <span>page</span>
      <Can permission="catalog:delete">
        <Button>Delete</Button>
      </Can>
      <Can permission="catalog:delete">{(allowed) => <Button disabled={!allowed}>Archive</Button>}</Can>
      <Can permission="catalog:delete" fallback={<span>read only</span>}>
        <span>editable</span>
      </Can>
    </>,
    { api },
  );
}

describe("<Can>", () => {
  it("hides a delete button from a staff member without catalog:delete", async () => {
    renderGate(["catalog:read", "catalog:update", "catalog:read:unpublished"]);
    expect(await screen.findByText("read only")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect((screen.getByRole("button", { name: "Archive" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows it to members whose wildcard covers it", async () => {
    for (const permissions of [["*:*"], ["catalog:*"]]) {
      const view = renderGate(permissions);
      expect(await screen.findByRole("button", { name: "Delete" })).toBeTruthy();
      expect((screen.getByRole("button", { name: "Archive" }) as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByText("editable")).toBeTruthy();
      view.unmount();
    }
  });

  it("shows nothing gated while signed out", async () => {
    const api = fakeApi({ "GET /api/auth/get-session": { body: { data: null } } });
    renderWithProviders(
      <Can permission="catalog:read" fallback={<span>signed out</span>}>
        <span>catalog</span>
      </Can>,
      { api },
    );
    expect(await screen.findByText("signed out")).toBeTruthy();
  });
});

describe("permissionCovers (the server's rule)", () => {
  it("matches wildcards, actions and scopes as the server does", () => {
    expect(permissionCovers("*:*", "orders:read:own")).toBe(true);
    expect(permissionCovers("catalog:*", "catalog:read:unpublished")).toBe(true);
    expect(permissionCovers("*:read", "orders:read")).toBe(true);
    expect(permissionCovers("catalog:read", "catalog:read:unpublished")).toBe(false);
    expect(permissionCovers("catalog:read", "catalog:delete")).toBe(false);
    expect(permissionCovers("orders:*", "catalog:read")).toBe(false);
  });
});
