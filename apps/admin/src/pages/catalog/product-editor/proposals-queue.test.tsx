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
  it("lists this entity's pending values and approves one in its locale", async () => {
    const api = fakeApi({
      "GET /api/auth/get-session": sessionWith(["catalog:read", "catalog:update"]),
      "GET /api/admin/custom-field-proposals": {
        body: { data: [proposal("p1", "e1", "material", "Leinen"), proposal("p2", "e2", "material", "Wolle")] },
      },
      "POST /api/catalog/entities/e1/custom-fields/material/approve": {
        body: { data: { ...proposal("p1", "e1", "material", "Leinen"), status: "approved" } },
      },
    });
    renderWithProviders(<ProposalsQueue entity={entity} />, { api });
    expect(await screen.findByText('"Leinen"')).toBeTruthy();
    expect(screen.queryByText('"Wolle"')).toBeNull();
    expect(api.calls.find((call) => call.path === "/api/admin/custom-field-proposals")?.query).toEqual({
      entityType: "product",
      limit: "100",
    });
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

  it("is not shown to a member who cannot decide (no catalog:update)", async () => {
    const api = fakeApi({ "GET /api/auth/get-session": sessionWith(["catalog:read"]) });
    renderWithProviders(<ProposalsQueue entity={entity} />, { api });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByText("Proposed values")).toBeNull();
  });
});
