import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { FieldDefinitionForm } from "./field-definition-form.js";
import type { FieldDefinition } from "./field-definition-rules.js";

const material: FieldDefinition = {
  id: "d1",
  entityType: "product",
  name: "material",
  label: "Material",
  dataType: "enum",
  required: false,
  filterable: true,
  isRequired: false,
  isFilterable: true,
  options: ["cotton", "linen"],
  archivedAt: null,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
};

async function chooseDataType(label: string) {
  await userEvent.click(screen.getByRole("combobox", { name: /^Data type/ }));
  await userEvent.click(await screen.findByRole("option", { name: label, hidden: true }));
}

describe("FieldDefinitionForm", () => {
  it("creates a definition with the spec's flag names", async () => {
    const api = fakeApi({ "POST /api/admin/entity-field-definitions": { status: 201, body: { data: material } } });
    const onSaved = vi.fn();
    renderWithProviders(<FieldDefinitionForm entityTypes={["product"]} onSaved={onSaved} onCancel={vi.fn()} />, {
      api,
    });
    await userEvent.type(screen.getByRole("textbox", { name: /^Name/ }), "care_instructions");
    await userEvent.type(screen.getByRole("textbox", { name: /^Label/ }), "Care instructions");
    await userEvent.click(screen.getByRole("checkbox", { name: /^Required/ }));
    await userEvent.click(screen.getByRole("button", { name: "Create field" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.calls[0]?.body).toEqual({
      entityType: "product",
      name: "care_instructions",
      label: "Care instructions",
      dataType: "string",
      required: true,
      filterable: false,
      options: null,
    });
  });

  it("checks the server's rules before asking it: name pattern, lengths, options of an enum", async () => {
    const api = fakeApi({});
    renderWithProviders(<FieldDefinitionForm entityTypes={[]} onSaved={vi.fn()} onCancel={vi.fn()} />, { api });
    await userEvent.clear(screen.getByRole("combobox", { name: /^Entity type/ }));
    await userEvent.type(screen.getByRole("textbox", { name: /^Name/ }), "care instructions");
    await userEvent.click(screen.getByRole("textbox", { name: /^Label/ }));
    await userEvent.paste("l".repeat(201));
    await chooseDataType("One of a list of options");
    await userEvent.click(screen.getByRole("button", { name: "Create field" }));
    expect(await screen.findByText("Enter an entity type (product, say)")).toBeTruthy();
    expect(screen.getByText(/Letters, digits, dashes and underscores only/)).toBeTruthy();
    expect(screen.getByText("At most 200 characters")).toBeTruthy();
    expect(screen.getByText("An option list needs at least one option")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("puts a taken name on the name field and an option's error on the options", async () => {
    let answer = errorAnswer(409, "CONFLICT", "A record with the same unique value already exists");
    const api = fakeApi({ "POST /api/admin/entity-field-definitions": () => answer });
    renderWithProviders(<FieldDefinitionForm entityTypes={["product"]} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      api,
    });
    await userEvent.type(screen.getByRole("textbox", { name: /^Name/ }), "material");
    await userEvent.click(screen.getByRole("button", { name: "Create field" }));
    expect(await screen.findByText("product already has a field named material")).toBeTruthy();
    answer = errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
      issues: [{ path: "body.options.0", message: "Too small: expected string to have >=1 characters" }],
    });
    await userEvent.click(screen.getByRole("button", { name: "Create field" }));
    // The options input is shown for enum fields only; the error still reaches the form's state.
    await chooseDataType("One of a list of options");
    expect(await screen.findByText("Too small: expected string to have >=1 characters")).toBeTruthy();
  });

  it("edits only what the server lets change: label, flags and options", async () => {
    const api = fakeApi({
      "PATCH /api/admin/entity-field-definitions/d1": { body: { data: { ...material, label: "Fabric" } } },
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <FieldDefinitionForm definition={material} entityTypes={["product"]} onSaved={onSaved} onCancel={vi.fn()} />,
      { api },
    );
    expect((screen.getByRole("textbox", { name: /^Name/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("combobox", { name: /^Data type/ }) as HTMLInputElement).disabled).toBe(true);
    const label = screen.getByRole("textbox", { name: /^Label/ });
    await userEvent.clear(label);
    await userEvent.type(label, "Fabric");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.calls[0]?.body).toEqual({
      label: "Fabric",
      required: false,
      filterable: true,
      options: ["cotton", "linen"],
    });
  });
});
