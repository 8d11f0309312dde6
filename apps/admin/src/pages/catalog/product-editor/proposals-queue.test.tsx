import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders, sessionWith } from "../../../test/render-with-providers.js";
import type { Entity } from "./general-form.js";
import { ProposalsQueue } from "./proposals-queue.js";

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
};

const proposal = (id: string, entityId: string, fieldName: string, value: unknown) => ({
  id,
  entityId,
  fieldName,
  locale: "de",
  value,
  status: "pending",
  source: "store",
  storeId: "shop-1",
  setBy: null,
  setByType: null,
  createdAt: "2026-11-01T10:00:00Z",
  decidedAt: null,
  decidedBy: null,
  entitySlug: entityId === "e1" ? "shirt" : "other",
  entityType: "product",
});

describe("ProposalsQueue", () => {
  it("asks the queue for this entity's pending values and approves one in its locale", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:update"]),
      "GET /api/admin/custom-field-proposals": {
        body: {
          data: [proposal("p1", "e1", "material", "Leinen")],
          meta: { pagination: { page: 1, limit: 100, total: 1, totalPages: 1 } },
        },
      },
      "POST /api/catalog/entities/e1/custom-fields/material/approve": {
        body: { data: { ...proposal("p1", "e1", "material", "Leinen"), status: "approved" } },
      },
    });
    renderWithProviders(<ProposalsQueue entity={entity} />, { api });
    expect(await screen.findByText('"Leinen"')).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/admin/custom-field-proposals")?.query).toEqual({
      entityId: "e1",
      limit: "100",
    });
    expect(screen.queryByText(/The oldest/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === "POST")).toEqual({
        method: "POST",
        path: "/api/catalog/entities/e1/custom-fields/material/approve",
        query: { locale: "de" },
        body: undefined,
      }),
    );
  });

  it("says when more proposals wait than the page shows", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:update"]),
      "GET /api/admin/custom-field-proposals": {
        body: {
          data: [proposal("p1", "e1", "material", "Leinen")],
          meta: { pagination: { page: 1, limit: 100, total: 130, totalPages: 2 } },
        },
      },
    });
    renderWithProviders(<ProposalsQueue entity={entity} />, { api });
    expect(await screen.findByText("The oldest 1 of 130: decide these to see the next.")).toBeTruthy();
  });

  it("is not shown to a member who cannot decide (no catalog:update)", async () => {
    const api = fakeApi({ "GET /api/auth/get-session": sessionWith(["catalog:read"]) });
    renderWithProviders(<ProposalsQueue entity={entity} />, { api });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByText("Proposed values")).toBeNull();
  });
});
