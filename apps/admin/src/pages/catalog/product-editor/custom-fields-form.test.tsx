import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import { CustomFieldsForm } from "./custom-fields-form.js";
import type { FieldDefinition } from "./custom-field-rules.js";
import type { Entity } from "./general-form.js";

const definition = (name: string, dataType: FieldDefinition["dataType"], isRequired = false): FieldDefinition => ({
  id: name,
  entityType: "product",
  name,
  label: null,
  dataType,
  required: isRequired,
  filterable: false,
  isRequired,
  isFilterable: false,
  options: null,
  archivedAt: null,
  createdAt: "2026-11-01T10:00:00Z",
  updatedAt: "2026-11-01T10:00:00Z",
});

const row = (fieldName: string, value: unknown) => ({
  id: `v-${fieldName}`,
  entityId: "e1",
  fieldName,
  locale: "en",
  value,
  status: "approved",
  source: "merchant",
  storeId: null,
  setBy: null,
  setByType: null,
  createdAt: "2026-11-01T10:00:00Z",
  decidedAt: null,
  decidedBy: null,
});

const entity: Entity = {
  id: "e1",
  type: "product",
  slug: "shirt",
  status: "draft",
  source: "platform",
  sourceStoreId: null,
  metadata: {},
  createdAt: "2026-11-01T10:00:00Z",
  updatedAt: "2026-11-01T10:00:00Z",
  customFields: [row("material", "cotton"), row("weight", 1.5)],
};

function setUp(patch: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:update"]),
    "GET /api/admin/entity-field-definitions": {
      body: { data: [definition("material", "string", true), definition("weight", "number")] },
    },
    "PATCH /api/catalog/entities/e1": patch,
  });
  renderWithProviders(<CustomFieldsForm entity={entity} />, { api });
  return api;
}

describe("CustomFieldsForm", () => {
  it("sends only the changed fields, an emptied one as an explicit null", async () => {
    const api = setUp({ body: { data: entity } });
    const weight = await screen.findByLabelText("weight");
    expect((weight as HTMLInputElement).value).toBe("1.5");
    await userEvent.clear(weight);
    await userEvent.click(screen.getByRole("button", { name: "Save custom fields" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "PATCH")).toBe(true));
    expect(api.calls.find((call) => call.method === "PATCH")?.body).toEqual({ customFields: { weight: null } });
  });

  it("refuses to clear a required field or save a number that is not one, before asking the server", async () => {
    const api = setUp({ body: { data: entity } });
    await userEvent.clear(await screen.findByLabelText(/^material/));
    await userEvent.clear(screen.getByLabelText("weight"));
    await userEvent.type(screen.getByLabelText("weight"), "heavy");
    await userEvent.click(screen.getByRole("button", { name: "Save custom fields" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(screen.getByText("Must be a number")).toBeTruthy();
    expect(api.calls.some((call) => call.method === "PATCH")).toBe(false);
  });

  it("shows the server's refusal on the field it names", async () => {
    setUp(
      errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.customFields.weight", message: "is archived and accepts no new values" }],
      }),
    );
    const weight = await screen.findByLabelText("weight");
    await userEvent.clear(weight);
    await userEvent.type(weight, "2");
    await userEvent.click(screen.getByRole("button", { name: "Save custom fields" }));
    expect(await screen.findByText("is archived and accepts no new values")).toBeTruthy();
  });
});
