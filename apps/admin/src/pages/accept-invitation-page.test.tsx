import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../test/render-with-providers.js";
import { AcceptInvitationPage } from "./accept-invitation-page.js";

// The page links home once accepted; a stand-in keeps the test free of a router.
vi.mock("@tanstack/react-router", () => ({ Link: (props: { children: unknown }) => props.children }));

describe("AcceptInvitationPage", () => {
  it("accepts the invitation, then switches the session to that organization", async () => {
    const api = fakeApi({
      "POST /api/auth/organization/invitations/accept": { body: { data: { organizationId: "shop2", role: "staff" } } },
      "POST /api/auth/organization/set-active": { body: { data: { organizationId: "shop2", role: "staff" } } },
    });
    renderWithProviders(<AcceptInvitationPage token="tok_1" />, { api });
    await userEvent.click(screen.getByRole("button", { name: "Accept the invitation" }));
    expect(await screen.findByText(/You are now a member/)).toBeTruthy();
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([
      ["/api/auth/organization/invitations/accept", { token: "tok_1" }],
      ["/api/auth/organization/set-active", { organizationId: "shop2" }],
    ]);
  });

  it("explains a refused token in words", async () => {
    const api = fakeApi({
      "POST /api/auth/organization/invitations/accept": errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.token", message: "is not a valid invitation" }],
      }),
    });
    renderWithProviders(<AcceptInvitationPage token="tok_1" />, { api });
    await userEvent.click(screen.getByRole("button", { name: "Accept the invitation" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("unknown, used, revoked, expired"));
  });

  it("says so when the link has no token", () => {
    renderWithProviders(<AcceptInvitationPage token={undefined} />, { api: fakeApi({}) });
    expect(screen.getByText(/no invitation token/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept the invitation" })).toBeNull();
  });
});
