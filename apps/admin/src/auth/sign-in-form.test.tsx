import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorAnswer, fakeApi, renderWithProviders } from "../test/render-with-providers.js";
import { SignInForm } from "./sign-in-form.js";

async function fillCredentials(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/E-mail/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("SignInForm", () => {
  it("signs in with e-mail and password", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-in/email": { body: { data: { twoFactorRequired: false, token: "t" } } },
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />, { api });
    await fillCredentials(" owner@shop.example ", "secret passphrase");
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.calls).toEqual([
      {
        method: "POST",
        path: "/api/auth/sign-in/email",
        body: { email: "owner@shop.example", password: "secret passphrase" },
      },
    ]);
  });

  it("checks the fields before asking the server", async () => {
    const api = fakeApi({});
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />, { api });
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter an e-mail address")).toBeTruthy();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("says a wrong password is wrong and stays signed out", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-in/email": errorAnswer(401, "UNAUTHORIZED", "Invalid credentials"),
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />, { api });
    await fillCredentials("owner@shop.example", "wrong");
    expect((await screen.findByRole("alert")).textContent).toContain("Wrong e-mail or password.");
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on the fields they name", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-in/email": errorAnswer(422, "VALIDATION_FAILED", "Validation failed", {
        issues: [{ path: "body.email", message: "is not an e-mail address" }],
      }),
    });
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />, { api });
    await fillCredentials("owner@shop.example", "secret");
    expect(await screen.findByText("is not an e-mail address")).toBeTruthy();
  });

  it("asks for the two-factor code when the account has two-factor on, then finishes with it", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-in/email": { body: { data: { twoFactorRequired: true, challenge: "ch_1" } } },
      "POST /api/auth/sign-in/two-factor": { body: { data: { token: "t" } } },
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />, { api });
    await fillCredentials("owner@shop.example", "secret passphrase");
    await userEvent.type(await screen.findByLabelText("Two-factor code"), "123456");
    expect(onSignedIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.calls[1]).toEqual({
      method: "POST",
      path: "/api/auth/sign-in/two-factor",
      body: { challenge: "ch_1", code: "123456" },
    });
  });
});
