import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import { type Entity, GeneralForm } from "./general-form.js";

const OWNER = ["*:*"];

const entity: Entity = {
  id: "0b6f7c1e-0000-4000-8000-000000000001",
  type: "product",
  slug: "summer-shirt",
  status: "draft",
  source: "platform",
  sourceStoreId: null,
  metadata: { season: "summer" },
  createdAt: "2026-11-01T10:00:00Z",
  updatedAt: "2026-11-01T10:00:00Z",
};

const created = { data: { ...entity, slug: "blue-shirt" } };

describe("GeneralForm", () => {
  it("creates a product with a slug made from its title", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(OWNER, "owner"),
      "GET /api/admin/entity-field-definitions": { body: { data: [] } },
      "POST /api/catalog/entities": { status: 201, body: created },
    });
    const onCreated = vi.fn();
    renderWithProviders(<GeneralForm onCreated={onCreated} />, { api });
    const title = await screen.findByLabelText("Title (en)");
    await waitFor(() => expect((title as HTMLInputElement).disabled).toBe(false));
    await userEvent.type(title, "Blue Shirt!");
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe("blue-shirt");
    await userEvent.click(screen.getByRole("button", { name: "Create product" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    const post = api.calls.find((call) => call.method === "POST");
    expect(post?.body).toEqual({
      type: "product",
      slug: "blue-shirt",
      metadata: {},
      attributes: { en: { title: "Blue Shirt!" } },
    });
  });

  it("checks type, slug and metadata with the server's rules before sending", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(OWNER, "owner"),
      "GET /api/admin/entity-field-definitions": { body: { data: [] } },
    });
    renderWithProviders(<GeneralForm entity={entity} />, { api });
    const type = await screen.findByLabelText(/^Type/);
    await waitFor(() => expect((type as HTMLInputElement).disabled).toBe(false));
    await userEvent.clear(type);
    await userEvent.clear(screen.getByLabelText(/^Slug/));
    await userEvent.type(screen.getByLabelText(/^Slug/), "Summer Shirt");
    const metadata = screen.getByLabelText(/^Metadata/);
    await userEvent.clear(metadata);
    await userEvent.type(metadata, "[[1, 2]");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a type, such as product")).toBeTruthy();
    expect(screen.getByText(/Lowercase letters, digits and single dashes only/)).toBeTruthy();
    expect(screen.getByText('Must be a JSON object, such as {"season": "summer"}')).toBeTruthy();
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("refuses a required custom field left empty on create", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(OWNER, "owner"),
      "GET /api/admin/entity-field-definitions": {
        body: {
          data: [
            {
              id: "d1",
              entityType: "product",
              name: "material",
              label: "Material",
              dataType: "string",
              required: true,
              filterable: false,
              isRequired: true,
              isFilterable: false,
              options: null,
              archivedAt: null,
              createdAt: "2026-11-01T10:00:00Z",
              updatedAt: "2026-11-01T10:00:00Z",
            },
          ],
        },
      },
    });
    renderWithProviders(<GeneralForm />, { api });
    const title = await screen.findByLabelText("Title (en)");
    await waitFor(() => expect((title as HTMLInputElement).disabled).toBe(false));
    await userEvent.type(title, "Shirt");
    await screen.findByLabelText(/^Material/);
    await userEvent.click(screen.getByRole("button", { name: "Create product" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("shows the server's 422 on the field it names and a taken slug (409) on the slug", async () => {
    let answer = errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
      issues: [{ path: "body.metadata", message: "is too large" }],
    });
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(OWNER, "owner"),
      "GET /api/admin/entity-field-definitions": { body: { data: [] } },
      "PATCH /api/catalog/entities/0b6f7c1e-0000-4000-8000-000000000001": () => answer,
    });
    renderWithProviders(<GeneralForm entity={entity} />, { api });
    const save = await screen.findByRole("button", { name: "Save" });
    await userEvent.click(save);
    expect(await screen.findByText("is too large")).toBeTruthy();

    answer = errorAnswer(409, "CONFLICT", "Catalog entity already exists");
    await userEvent.click(save);
    expect(await screen.findByText("Another product already has this slug")).toBeTruthy();
  });

  it("shows an error no field names above the form", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(OWNER, "owner"),
      "PATCH /api/catalog/entities/0b6f7c1e-0000-4000-8000-000000000001": errorAnswer(500, "INTERNAL", "Boom"),
    });
    renderWithProviders(<GeneralForm entity={entity} />, { api });
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Boom");
  });

  it("is read-only for a member without catalog:update", async () => {
    const api = fakeApi({ "GET /api/auth/get-session": sessionWith(["catalog:read"]) });
    renderWithProviders(<GeneralForm entity={entity} />, { api });
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save" })).toBeNull());
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).disabled).toBe(true);
  });
});
