import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../test/render-with-providers.js";
import { FieldDefinitionsPage } from "./field-definitions-page.js";
import type { FieldDefinition } from "./field-definitions/field-definition-rules.js";

const definition = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: `id-${name}`,
  entityType: "product",
  name,
  label: null,
  dataType: "string",
  required: false,
  filterable: false,
  isRequired: false,
  isFilterable: false,
  options: null,
  archivedAt: null,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  ...extra,
});

const definitions = [definition("care"), definition("legacy_code", { archivedAt: "2026-11-02T00:00:00Z" })];

describe("FieldDefinitionsPage", () => {
  it("hides archived definitions until asked, and archives only after confirmation", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["*:*"], "owner"),
      "GET /api/admin/entity-field-definitions": { body: { data: definitions } },
      "POST /api/admin/entity-field-definitions/id-care/archive": {
        body: { data: { ...definitions[0], archivedAt: "2026-11-28T00:00:00Z" } },
      },
    });
    renderWithProviders(<FieldDefinitionsPage />, { api });
    expect(await screen.findByText("care")).toBeTruthy();
    expect(screen.queryByText("legacy_code")).toBeNull();
    await userEvent.click(screen.getByRole("switch", { name: "Show archived (1)" }));
    expect(await screen.findByText("legacy_code")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Archive care" }));
    expect(await screen.findByText(/no new value is accepted/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === "POST")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Archive field" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "POST")).toBe(true));
  });

  it("tells a member without catalog:update that the page is not theirs, without asking the server", async () => {
    const api = fakeApi({ "GET /api/auth/get-session": sessionWith(["catalog:read"]) });
    renderWithProviders(<FieldDefinitionsPage />, { api });
    expect(await screen.findByText("Managing custom fields needs the catalog:update permission.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New field" })).toBeNull();
    expect(api.calls.map((call) => call.path)).toEqual(["/api/auth/get-session"]);
  });
});
