import { type SmtpTestServer, startSmtpTestServer } from "@unified-commerce/mail-smtp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAccessibilityIssues } from "./accessibility.js";
import { hasChromium, launchBrowser, screenshot, type TestBrowser } from "./browser.js";
import { type ReferenceServer, startReferenceServer } from "./reference-server.js";

const owner = { email: "owner@shop.example", password: "a long owner passphrase", role: "owner" };
// A member of another store, invited to this one.
const invitee = { email: "ana@outlet.example", password: "a long invitee passphrase", role: "owner", org: "outlet" };

describe.skipIf(!hasChromium)("the admin in a real browser: invitations and the organization switcher", () => {
  let smtp: SmtpTestServer;
  let server: ReferenceServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    [server, browser] = await Promise.all([
      startReferenceServer({
        setup: [["org", "create", "--name", "Outlet", "--id", "outlet"]],
        users: [owner, invitee],
        env: { SMTP_URL: smtp.url, MAIL_FROM: "Shop <shop@shop.example>" },
      }),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it("accepts a mailed invitation (signing in first), then switches between the two stores", async () => {
    // The owner invites through the API, as the members page will.
    const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    const invite = await fetch(`${server.origin}/api/auth/organization/members`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${data.token}` },
      body: JSON.stringify({ email: invitee.email, role: "staff" }),
    });
    expect(invite.status).toBe(201);
    const mail = await smtp.nextMail();
    const token = /\/accept-invitation\?token=(\S+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    // The mailed link (on this server's origin), signed out: sign-in first, then back to the invitation.
    const page = await browser.newPage("desktop");
    await page.goto(`${server.origin}/accept-invitation?token=${token}`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByLabel(/^E-mail/).fill(invitee.email);
    await page.getByLabel(/^Password/).fill(invitee.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Join a store" }).waitFor();
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.getByRole("button", { name: "Accept the invitation" }).click();
    await page.getByText("You are now a member").waitFor();
    await screenshot(page, "invitation-accepted-desktop");

    // Now a member of both: the switcher shows the active one (the invited store, as staff) and switches.
    await page.getByRole("link", { name: "Open the admin" }).click();
    const switcher = page.getByRole("combobox", { name: "Organization" });
    await switcher.waitFor();
    expect(await switcher.inputValue()).toBe("default");
    await page.getByText(/^Signed in as .+ \(staff\)$/).waitFor();
    await switcher.selectOption("outlet");
    await page.getByText(/^Signed in as .+ \(owner\)$/).waitFor();
    expect(await switcher.inputValue()).toBe("outlet");
    await screenshot(page, "organization-switched-desktop");
    await page.context().close();
  });
});
