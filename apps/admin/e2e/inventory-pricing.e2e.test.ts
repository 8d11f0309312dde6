import { type CommerceClient, createClient } from "@unified-commerce/client";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAccessibilityIssues } from "./accessibility.js";
import { hasChromium, launchBrowser, screenshot, type TestBrowser } from "./browser.js";
import { startReferenceServer, type ReferenceServer } from "./reference-server.js";
import { signIn } from "./sign-in.js";

const owner = { email: "owner@shop.example", password: "a long owner passphrase", role: "owner" };
const PRODUCT = "E2E T-shirt";

/** The pages of this area, by path and heading. */
const PAGES = [
  { path: "inventory/warehouses", heading: "Warehouses", name: "warehouses" },
  { path: "inventory/stock", heading: "Stock", name: "stock" },
  { path: "pricing/price-lists", heading: "Price lists", name: "price-lists" },
  { path: "pricing/modifiers", heading: "Modifiers", name: "modifiers" },
  { path: "pricing/tax-classes", heading: "Tax classes", name: "tax-classes" },
] as const;

if (!hasChromium) console.warn("\n!!! apps/admin inventory-pricing e2e SKIPPED: /usr/bin/chromium is missing !!!\n");

/** Opens a Mantine searchable select by its label and picks the option named `option`. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  const dialog = page.getByRole("dialog");
  // The listbox is labelled by the field too: the input comes first.
  await dialog
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .click();
  await page.getByRole("option", { name: option }).click();
}

describe.skipIf(!hasChromium)("inventory and pricing pages in a real browser", () => {
  let server: ReferenceServer;
  let browser: TestBrowser;
  let api: CommerceClient;
  let productId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startReferenceServer({ users: [owner] }), launchBrowser()]);
    const { data: session } = await createClient({ baseUrl: server.origin }).post("/api/auth/sign-in/email", {
      body: { email: owner.email, password: owner.password },
    });
    api = createClient({ baseUrl: server.origin, bearerToken: session.token ?? "" });
    const { data: product } = await api.post("/api/catalog/entities", {
      body: { slug: "e2e-t-shirt", type: "product", status: "active", attributes: { en: { title: PRODUCT } } },
    });
    productId = product.id;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("creates a warehouse, adjusts stock, sets prices and a modifier, creates a tax class (1280 px)", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, owner);

    // Warehouses: a code the server refuses is caught in the form, then the warehouse is created.
    await page.goto(`${server.adminUrl}inventory/warehouses`);
    await page.getByRole("heading", { name: "Warehouses" }).waitFor();
    await page.getByRole("button", { name: "New warehouse" }).click();
    const warehouseDialog = page.getByRole("dialog", { name: "New warehouse" });
    await warehouseDialog.getByLabel(/^Name/).fill("Main warehouse");
    await warehouseDialog.getByLabel(/^Code/).fill("Main WH");
    await warehouseDialog.getByRole("button", { name: "Create warehouse" }).click();
    await warehouseDialog.getByText("1 to 50 lowercase letters, digits, _ and -").waitFor();
    await screenshot(page, "warehouse-form-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await warehouseDialog.getByLabel(/^Code/).fill("main");
    await warehouseDialog.getByRole("button", { name: "Create warehouse" }).click();
    await page.getByRole("table", { name: "Warehouses" }).getByRole("cell", { name: "Main warehouse" }).waitFor();
    await screenshot(page, "warehouses-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    const { data: warehouses } = await api.get("/api/inventory/warehouses", { query: { page: 1, limit: 20 } });
    expect(warehouses.map((warehouse) => warehouse.code)).toEqual(["main"]);

    // Stock: restock 7, then the level on the page and in the API.
    await page.goto(`${server.adminUrl}inventory/stock`);
    const stock = page.getByRole("table", { name: "Stock levels" });
    const row = stock.getByRole("row").filter({ hasText: PRODUCT });
    await row.waitFor();
    await page.getByRole("button", { name: `Adjust stock of ${PRODUCT}` }).click();
    const adjust = page.getByRole("dialog", { name: "Adjust stock" });
    await adjust.getByLabel(/^Type/).selectOption("restock");
    await adjust.getByLabel(/^Quantity/).fill("7");
    await adjust.getByLabel(/^Note/).fill("first delivery");
    await adjust.getByRole("button", { name: "Adjust stock" }).click();
    await adjust
      .getByRole("status")
      .getByText(`${PRODUCT} in Main warehouse: 7 on hand, 0 reserved, 7 available.`)
      .waitFor();
    await screenshot(page, "stock-adjusted-desktop");
    await adjust.getByRole("button", { name: "Done" }).click();
    await adjust.waitFor({ state: "detached" });
    await row.getByRole("cell", { name: "7", exact: true }).first().waitFor();
    const movements = page.getByRole("table", { name: "Recent stock movements" });
    await movements.getByRole("row").filter({ hasText: "restock" }).getByRole("cell", { name: "+7" }).waitFor();
    await screenshot(page, "stock-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    const { data: levels } = await api.get("/api/inventory/check", { query: { entityIds: productId } });
    expect(levels[0]).toMatchObject({ entityId: productId, onHand: 7, reserved: 0, available: 7 });

    // Prices: the base price in EUR, then the wholesale group's.
    await page.goto(`${server.adminUrl}pricing/price-lists`);
    await page.getByRole("heading", { name: "Price lists" }).waitFor();
    for (const [amount, group] of [
      ["19.99", ""],
      ["17.50", "wholesale"],
    ] as const) {
      await page.getByRole("button", { name: "New price" }).click();
      const dialog = page.getByRole("dialog", { name: "New price" });
      await pick(page, "Product", PRODUCT);
      await dialog.getByLabel(/^Amount/).fill(amount);
      if (group)
        await dialog
          .getByLabel(/^Customer group/)
          .first()
          .fill(group);
      await dialog.getByRole("button", { name: "Create price" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    const prices = page.getByRole("table", { name: "Prices" });
    await prices.getByRole("row").filter({ hasText: "wholesale" }).getByText("€17.50").waitFor();
    await prices.getByRole("row").filter({ hasText: "Everyone" }).getByText("€19.99").waitFor();
    await screenshot(page, "price-lists-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    const { data: stored } = await api.get("/api/pricing/prices", { query: { entityId: productId } });
    expect(stored.map(({ currency, customerGroupId, amount }) => ({ currency, customerGroupId, amount }))).toEqual(
      expect.arrayContaining([
        { currency: "EUR", customerGroupId: null, amount: 1999 },
        { currency: "EUR", customerGroupId: "wholesale", amount: 1750 },
      ]),
    );

    // Modifiers: 10 % off everything.
    await page.goto(`${server.adminUrl}pricing/modifiers`);
    await page.getByRole("button", { name: "New modifier" }).click();
    const modifier = page.getByRole("dialog", { name: "New modifier" });
    await modifier.getByLabel(/^Name/).fill("Winter sale");
    await modifier.getByLabel(/^Change/).fill("-10");
    await screenshot(page, "modifier-form-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await modifier.getByRole("button", { name: "Create modifier" }).click();
    await page
      .getByRole("table", { name: "Price modifiers" })
      .getByText(/^−10\s%$/)
      .waitFor();
    await screenshot(page, "modifiers-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    const { data: modifiers } = await api.get("/api/pricing/modifiers", { query: {} });
    expect(modifiers.map(({ name, kind, value }) => ({ name, kind, value }))).toEqual([
      { name: "Winter sale", kind: "percentage", value: -1000 },
    ]);

    // Tax classes: the default standard rate.
    await page.goto(`${server.adminUrl}pricing/tax-classes`);
    await page.getByRole("button", { name: "New tax class" }).click();
    const tax = page.getByRole("dialog", { name: "New tax class" });
    await tax.getByLabel(/^Name/).fill("standard");
    await tax.getByLabel(/^Rate/).fill("20");
    await tax.getByLabel("Default class").check();
    await screenshot(page, "tax-class-form-desktop");
    await tax.getByRole("button", { name: "Create tax class" }).click();
    await page
      .getByRole("table", { name: "Tax classes" })
      .getByText(/^20\s%$/)
      .waitFor();
    await screenshot(page, "tax-classes-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    const { data: classes } = await api.get("/api/tax/classes", { query: {} });
    expect(classes.map(({ name, rateBps, isDefault }) => ({ name, rateBps, isDefault }))).toEqual([
      { name: "standard", rateBps: 2000, isDefault: true },
    ]);
    await page.context().close();
  });

  it("shows each page on a 390 px phone", async () => {
    const page = await browser.newPage("phone");
    await signIn(page, server.adminUrl, owner);
    for (const { path, heading, name } of PAGES) {
      await page.goto(`${server.adminUrl}${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page.getByRole("table").or(page.getByText(/^No /)).first().waitFor();
      await screenshot(page, `${name}-phone`);
      expect(await seriousAccessibilityIssues(page)).toEqual([]);
    }
    await page.getByRole("button", { name: "New tax class" }).click();
    await page.getByRole("dialog", { name: "New tax class" }).waitFor();
    await screenshot(page, "tax-class-form-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.goto(`${server.adminUrl}inventory/stock`);
    await page.getByRole("button", { name: `Adjust stock of ${PRODUCT}` }).click();
    await page
      .getByRole("dialog", { name: "Adjust stock" })
      .getByLabel(/^Quantity/)
      .waitFor();
    await screenshot(page, "stock-adjust-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.goto(`${server.adminUrl}pricing/price-lists`);
    await page.getByRole("button", { name: "New price" }).click();
    await page
      .getByRole("dialog", { name: "New price" })
      .getByLabel(/^Amount/)
      .waitFor();
    await screenshot(page, "price-form-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.context().close();
  });
});
