import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAccessibilityIssues } from "./accessibility.js";
import { hasChromium, launchBrowser, screenshot, type TestBrowser } from "./browser.js";
import { startReferenceServer, type ReferenceServer } from "./reference-server.js";
import { signIn } from "./sign-in.js";

const owner = { email: "owner@shop.example", password: "a long owner passphrase", role: "owner" };
const staff = { email: "staff@shop.example", password: "a long staff passphrase", role: "staff" };

if (!hasChromium)
  console.warn(
    "\n!!! apps/admin e2e tests SKIPPED: /usr/bin/chromium is missing (apt-get install -y chromium, or set CHROMIUM_PATH) !!!\n",
  );

describe.skipIf(!hasChromium)("the admin in a real browser: sign in and out", () => {
  let server: ReferenceServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startReferenceServer({ users: [owner, staff] }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("signs in, shows the shell with every section, and signs out (1280 px)", async () => {
    const page = await browser.newPage("desktop");
    await page.goto(`${server.adminUrl}catalog/products`);
    // Signed out: sent to sign-in, with the page to come back to.
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/admin/catalog/products");
    await screenshot(page, "sign-in-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    await page.getByLabel(/^E-mail/).fill(owner.email);
    await page.getByLabel(/^Password/).fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("Wrong e-mail or password.").waitFor();

    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Products" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/catalog/products");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    for (const link of [
      "Products",
      "Categories",
      "Brands",
      "Field definitions",
      "Import",
      "Media",
      "Warehouses",
      "Stock",
      "Price lists",
      "Modifiers",
      "Tax classes",
    ])
      await nav.getByRole("link", { name: link, exact: true }).waitFor();
    await screenshot(page, "products-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    await nav.getByRole("link", { name: "Warehouses" }).click();
    await page.getByRole("heading", { name: "Warehouses" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/inventory/warehouses");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // The session is gone on the server too: a reload stays on sign-in.
    await page.goto(server.adminUrl);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.context().close();
  });

  it("sends an expired session to sign-in and back to the page it was on", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, owner);
    await page.goto(`${server.adminUrl}pricing/price-lists?tab=2`);
    await page.getByRole("heading", { name: "Price lists" }).waitFor();
    // The session ends behind the app's back (expired, revoked from another device).
    await page.context().clearCookies();
    await page.reload();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/admin/pricing/price-lists?tab=2");
    await page.getByLabel(/^E-mail/).fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Price lists" }).waitFor();
    expect(page.url()).toBe(`${server.adminUrl}pricing/price-lists?tab=2`);
    await page.context().close();
  });

  it("works on a 390 px phone: the navbar opens behind the burger", async () => {
    const page = await browser.newPage("phone");
    await signIn(page, server.adminUrl, owner);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await screenshot(page, "overview-phone");
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    const stock = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Stock" });
    await stock.waitFor({ state: "visible" });
    await screenshot(page, "navbar-open-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await stock.click();
    await page.getByRole("heading", { name: "Stock" }).waitFor();
    await screenshot(page, "stock-phone");
    await page.context().close();
  });

  it("shows a staff member only the sections their role opens", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, staff);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Products" }).waitFor();
    await nav.getByRole("link", { name: "Stock" }).waitFor();
    // The reference server's staff role has no tax:manage, and only pricing:read, which reads no price record.
    expect(await nav.getByRole("link", { name: "Tax classes" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Price lists" }).count()).toBe(0);
    await page.getByText(/^Signed in as .+ \(staff\)$/).waitFor();
    await screenshot(page, "overview-staff-desktop");
    await page.context().close();
  });

  it("serves the page with a CSP that forbids inline script and long-cached assets", async () => {
    const index = await fetch(server.adminUrl);
    expect(index.headers.get("content-security-policy")).toContain("script-src 'self';");
    const html = await index.text();
    const asset = html.match(/src="(\/admin\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const script = await fetch(`${server.origin}${asset}`);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
