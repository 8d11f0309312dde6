import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders } from "../test/render-with-providers.js";
import { OrganizationSwitcher } from "./organization-switcher.js";

const membership = (organizationId: string, organizationName: string, role: string, isActive: boolean) => ({
  organizationId,
  organizationName,
  role,
  isActive,
});

describe("OrganizationSwitcher", () => {
  it("switches the session to another organization the member belongs to", async () => {
    const api = fakeApi({
      "GET /api/auth/organizations": {
        body: {
          data: [membership("main", "Main store", "owner", true), membership("outlet", "Outlet", "staff", false)],
        },
      },
      "POST /api/auth/organization/set-active": { body: { data: { organizationId: "outlet", role: "staff" } } },
    });
    renderWithProviders(<OrganizationSwitcher />, { api });
    const select = (await screen.findByRole("combobox", { name: "Organization" })) as HTMLSelectElement;
    expect(select.value).toBe("main");
    await userEvent.selectOptions(select, "Outlet (staff)");
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === "POST")).toEqual({
        method: "POST",
        path: "/api/auth/organization/set-active",
        body: { organizationId: "outlet" },
      }),
    );
    // Everything cached belonged to the old organization: the memberships are fetched again, among the rest.
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === "/api/auth/organizations").length).toBeGreaterThan(1),
    );
  });

  it("is not shown to a member of one organization", async () => {
    const api = fakeApi({
      "GET /api/auth/organizations": { body: { data: [membership("main", "Main store", "owner", true)] } },
    });
    const view = renderWithProviders(<OrganizationSwitcher />, { api });
    await waitFor(() => expect(api.calls.length).toBe(1));
    expect(view.container.querySelector("input")).toBeNull();
  });
});
