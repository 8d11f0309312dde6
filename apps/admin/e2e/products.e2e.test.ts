import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAccessibilityIssues } from "./accessibility.js";
import { hasChromium, launchBrowser, screenshot, type TestBrowser } from "./browser.js";
import { startReferenceServer, type ReferenceServer } from "./reference-server.js";
import { signIn } from "./sign-in.js";

const owner = { email: "owner@shop.example", password: "a long owner passphrase", role: "owner" };
// The reference server's staff role has catalog:create/read/update but not catalog:delete.
const staff = { email: "staff@shop.example", password: "a long staff passphrase", role: "staff" };

if (!hasChromium)
  console.warn(
    "\n!!! apps/admin e2e tests SKIPPED: /usr/bin/chromium is missing (apt-get install -y chromium, or set CHROMIUM_PATH) !!!\n",
  );

describe.skipIf(!hasChromium)("the admin's products: list, search, editor", () => {
  let server: ReferenceServer;
  let browser: TestBrowser;
  let productId = "";
  beforeAll(async () => {
    [server, browser] = await Promise.all([startReferenceServer({ users: [owner, staff] }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("creates a product, publishes it, finds it by search, edits its German title, archives and republishes it in bulk (1280 px)", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, owner);
    await page.goto(`${server.adminUrl}catalog/products`);
    await page.getByRole("heading", { name: "Products" }).waitFor();
    await page.getByText("No product yet.").waitFor();

    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("heading", { name: "New product" }).waitFor();
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.getByLabel("Title (en)").fill("Trail Runner Shoe");
    expect(await page.getByLabel(/^Slug/).inputValue()).toBe("trail-runner-shoe");
    await page.getByLabel(/^Metadata/).fill('{"season": "summer"}');
    await page.getByRole("button", { name: "Create product" }).click();
    await page.getByRole("heading", { name: "Trail Runner Shoe" }).waitFor();
    productId = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(productId).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole("button", { name: "Publish" }).click();
    await page.locator("main").getByText("active", { exact: true }).waitFor();
    const sections = page.getByRole("navigation", { name: "Product sections" });
    expect(await sections.getByRole("link", { name: "Variants" }).getAttribute("href")).toBe(
      `/admin/catalog/products/${productId}/variants`,
    );
    expect(await sections.getByRole("link", { name: "Media" }).getAttribute("href")).toBe(
      `/admin/catalog/products/${productId}/media`,
    );
    await screenshot(page, "product-editor-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // Found through the list's search box (GET /api/search), then opened by its row.
    await page.getByRole("link", { name: "← Products" }).click();
    await page.getByRole("heading", { name: "Products" }).waitFor();
    await page.getByLabel("Search").fill("trail");
    const row = page.getByRole("table", { name: "Products" }).getByRole("link", { name: "Trail Runner Shoe" });
    await row.waitFor();
    // The filters live in the address: a reload (or "back" from the product) finds the same list.
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("trail");
    await page.reload();
    expect(await page.getByLabel("Search").inputValue()).toBe("trail");
    await row.waitFor();
    await screenshot(page, "products-desktop-search");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await row.click();
    await page.getByRole("heading", { name: "Trail Runner Shoe" }).waitFor();

    // A second locale: added, titled, saved, and read back after a reload.
    await page.getByRole("tab", { name: "Texts" }).click();
    await page.getByLabel("Add a locale").fill("de");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByLabel("Title (de)", { exact: true }).fill("Trail-Laufschuh");
    await page.getByRole("button", { name: "Save de" }).click();
    await page.getByText("Texts of de saved.").waitFor();
    // The save scrolled the page; a full-page shot of a scrolled page draws the fixed header mid-page.
    await page.evaluate("window.scrollTo(0, 0)");
    await screenshot(page, "product-texts-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    await page.getByRole("tab", { name: "Custom fields" }).click();
    await page.getByText("Proposed values").waitFor();
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.getByRole("tab", { name: "Field ownership" }).click();
    await page.getByLabel("Field", { exact: true }).fill("title");
    await page.getByRole("button", { name: "Set owner" }).click();
    await page
      .getByRole("table", { name: "Field ownership" })
      .getByRole("cell", { name: "title", exact: true })
      .waitFor();
    await page.evaluate("window.scrollTo(0, 0)");
    await screenshot(page, "product-ownership-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    await page.reload();
    await page.getByRole("heading", { name: "Trail Runner Shoe" }).waitFor();
    await page.getByRole("tab", { name: "Texts" }).click();
    await page.getByRole("combobox", { name: "Locale" }).click();
    await page.getByRole("option", { name: "de", exact: true }).click();
    await page.getByLabel("Title (de)", { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel("Title (de)", { exact: true }).inputValue()).toBe("Trail-Laufschuh");
    // The English title is untouched.
    const answer = await page.evaluate(async (id) => {
      const response = await fetch(`/api/catalog/entities/${id}?include=attributes`, { credentials: "same-origin" });
      return (await response.json()) as { data: { attributes: Record<string, { title: string | null }> } };
    }, productId);
    expect(answer.data.attributes.en?.title).toBe("Trail Runner Shoe");
    expect(answer.data.attributes.de?.title).toBe("Trail-Laufschuh");

    // Bulk moves from the list: archive the selection (asked first), then publish it again.
    await page.getByRole("link", { name: "← Products" }).click();
    const table = page.getByRole("table", { name: "Products" });
    await table.getByRole("link", { name: "Trail Runner Shoe" }).waitFor();
    await page.getByRole("checkbox", { name: "Select Trail Runner Shoe" }).check();
    await page.getByText("1 selected").waitFor();
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Archive products" });
    await dialog.getByText("Archive 1 product? They leave the storefront.").waitFor();
    await dialog.getByRole("button", { name: "Archive" }).click();
    await page.getByText("1 archived.").waitFor();
    await table.getByRole("cell", { name: "archived", exact: true }).waitFor();
    await page.getByRole("checkbox", { name: "Select Trail Runner Shoe" }).check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("dialog", { name: "Publish products" }).getByRole("button", { name: "Publish" }).click();
    await page.getByText("1 published.").waitFor();
    await table.getByRole("cell", { name: "active", exact: true }).waitFor();
    await page.context().close();
  });

  it("lists and edits on a 390 px phone", async () => {
    const page = await browser.newPage("phone");
    await signIn(page, server.adminUrl, owner);
    await page.goto(`${server.adminUrl}catalog/products`);
    await page.getByRole("table", { name: "Products" }).getByRole("link", { name: "Trail Runner Shoe" }).waitFor();
    await screenshot(page, "products-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.goto(`${server.adminUrl}catalog/products/${productId}`);
    await page.getByRole("heading", { name: "Trail Runner Shoe" }).waitFor();
    await page.getByRole("button", { name: "Save" }).waitFor();
    await screenshot(page, "product-editor-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.context().close();
  });

  it("shows a staff member no delete button, and the server refuses the forced DELETE with 403", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, staff);
    await page.goto(`${server.adminUrl}catalog/products/${productId}`);
    await page.getByRole("heading", { name: "Trail Runner Shoe" }).waitFor();
    // Staff may still update: the status actions are there, the delete is not.
    await page.getByRole("button", { name: "Archive" }).waitFor();
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    const status = await page.evaluate(async (id) => {
      const response = await fetch(`/api/catalog/entities/${id}`, { method: "DELETE", credentials: "same-origin" });
      return response.status;
    }, productId);
    expect(status).toBe(403);
    await page.reload();
    await page.getByRole("heading", { name: "Trail Runner Shoe" }).waitFor();
    await screenshot(page, "product-editor-staff-desktop");
    await page.context().close();
  });
});
