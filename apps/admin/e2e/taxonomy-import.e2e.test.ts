import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAccessibilityIssues } from "./accessibility.js";
import { hasChromium, launchBrowser, screenshot, type TestBrowser } from "./browser.js";
import { startReferenceServer, type ReferenceServer } from "./reference-server.js";
import { signIn } from "./sign-in.js";

const owner = { email: "owner@shop.example", password: "a long owner passphrase", role: "owner" };

/** Lines of the generated CSV (after its header) and the two the server must refuse. */
const LINES = 200;
const BAD_SLUG_INDEX = 49;
const BAD_PRICE_INDEX = 149;

/**
 * A Shopify-style CSV of 200 products, one line each: 198 valid, one with a slug the server refuses and
 * one with a price of three decimals. The header is line 1, so product `i` sits on line `i + 2`.
 */
function catalogCsv(): string {
  const rows = Array.from({ length: LINES }, (_, index) => {
    const slug = index === BAD_SLUG_INDEX ? "Bad Slug" : `e2e-product-${index + 1}`;
    const price = index === BAD_PRICE_INDEX ? "9.999" : `${10 + (index % 50)}.50`;
    return `${slug},Product ${index + 1},active,SKU-${index + 1},${price},${index % 7}`;
  });
  return ["handle,title,status,sku,price_eur,stock", ...rows, ""].join("\n");
}

if (!hasChromium)
  console.warn(
    "\n!!! apps/admin e2e tests SKIPPED: /usr/bin/chromium is missing (apt-get install -y chromium, or set CHROMIUM_PATH) !!!\n",
  );

/**
 * Runs due jobs as a cron would (the reference server runs no worker unless JOBS_AUTORUN is set) until
 * `done` shows.
 */
async function runJobsUntil(origin: string, done: Locator): Promise<void> {
  let isDone = false;
  const cron = (async () => {
    while (!isDone) {
      await fetch(`${origin}/api/jobs/run?limit=10`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  try {
    await done.waitFor({ timeout: 60_000 });
  } finally {
    isDone = true;
    await cron;
  }
}

/** GET through the page's own session cookie, as the app does. */
async function apiGet<T>(page: Page, origin: string, path: string): Promise<{ data: T; meta?: unknown }> {
  const response = await page.request.get(`${origin}${path}`);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { data: T; meta?: unknown };
}

describe.skipIf(!hasChromium)("the admin in a real browser: taxonomy and catalog import", () => {
  let server: ReferenceServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startReferenceServer({ users: [owner] }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("creates a category, a brand and a field definition, then imports 200 lines (1280 px)", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, owner);
    const nav = page.getByRole("navigation", { name: "Main navigation" });

    // Categories: a top-level one, then one under it.
    await nav.getByRole("link", { name: "Categories" }).click();
    await page.getByRole("heading", { name: "Categories" }).waitFor();
    await page.getByText("No category yet.").waitFor();
    await page.getByRole("button", { name: "New category" }).click();
    const categoryDialog = page.getByRole("dialog", { name: "New category" });
    await categoryDialog.getByLabel(/^Name/).fill("Clothing");
    expect(await categoryDialog.getByLabel(/^Slug/).inputValue()).toBe("clothing");
    await categoryDialog.getByRole("button", { name: "Create category" }).click();
    await page.getByRole("cell", { name: "Clothing", exact: true }).waitFor();
    await page.getByRole("button", { name: "New category" }).click();
    await categoryDialog.getByLabel(/^Name/).fill("Linen shirts");
    await categoryDialog.getByRole("combobox", { name: "Parent category" }).click();
    await page.getByRole("option", { name: "Clothing" }).click();
    await screenshot(page, "category-form-desktop");
    await categoryDialog.getByRole("button", { name: "Create category" }).click();
    await page.getByRole("cell", { name: "Linen shirts", exact: true }).waitFor();
    await categoryDialog.waitFor({ state: "detached" });
    await screenshot(page, "categories-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // Brands.
    await nav.getByRole("link", { name: "Brands" }).click();
    await page.getByRole("heading", { name: "Brands" }).waitFor();
    await page.getByRole("button", { name: "New brand" }).click();
    const brandDialog = page.getByRole("dialog", { name: "New brand" });
    await brandDialog.getByLabel(/^Name/).fill("Acme Linen");
    await brandDialog.getByLabel(/^Description/).fill("Shirts woven in Flanders.");
    await brandDialog.getByRole("button", { name: "Create brand" }).click();
    await page.getByRole("cell", { name: "Acme Linen", exact: true }).waitFor();
    await brandDialog.waitFor({ state: "detached" });
    await screenshot(page, "brands-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // A custom field: an enum, refused without options first (the server's rule, checked in the browser).
    await nav.getByRole("link", { name: "Field definitions" }).click();
    await page.getByRole("heading", { name: "Field definitions" }).waitFor();
    await page.getByRole("button", { name: "New field" }).click();
    const fieldDialog = page.getByRole("dialog", { name: "New custom field" });
    await fieldDialog.getByRole("textbox", { name: /^Name/ }).fill("material");
    await fieldDialog.getByRole("textbox", { name: /^Label/ }).fill("Material");
    await fieldDialog.getByRole("combobox", { name: /^Data type/ }).click();
    await page.getByRole("option", { name: "One of a list of options" }).click();
    await fieldDialog.getByRole("button", { name: "Create field" }).click();
    await fieldDialog.getByText("An option list needs at least one option").waitFor();
    const options = fieldDialog.getByLabel(/^Options/);
    for (const option of ["linen", "cotton", "wool"]) {
      await options.fill(option);
      await options.press("Enter");
    }
    await fieldDialog.getByRole("checkbox", { name: /^Filterable/ }).check();
    await screenshot(page, "field-definition-form-desktop");
    await fieldDialog.getByRole("button", { name: "Create field" }).click();
    await page.getByRole("button", { name: "Edit Material" }).waitFor();
    await fieldDialog.waitFor({ state: "detached" });
    await screenshot(page, "field-definitions-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // The import: the file chosen through the picker, the job run as a cron would, the progress followed
    // until it completes.
    await nav.getByRole("link", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Import" }).waitFor();
    await page.getByText("Drop a CSV or NDJSON file here").waitFor();
    // Off the navbar link just clicked: its hover colour is not what a reader sees.
    await page.mouse.move(640, 780);
    await screenshot(page, "import-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(catalogCsv()) });
    await page.getByText("catalog.csv").first().waitFor();
    await page.getByRole("button", { name: "Start import" }).click();
    await page.getByText(/of 200 rows done/).waitFor();
    await runJobsUntil(server.origin, page.getByText("198 created, 0 updated, 2 refused."));
    expect(await page.getByText("200 of 200 rows done (100%)").count()).toBe(1);
    expect(await page.getByTestId("import-created").textContent()).toBe("198");
    expect(await page.getByTestId("import-refused").textContent()).toBe("2");
    const errorRows = page.getByRole("table", { name: "Refused lines" }).getByRole("row");
    expect(await errorRows.count()).toBe(3);
    const cells = async (index: number) => errorRows.nth(index).getByRole("cell").allTextContents();
    expect(await cells(1)).toEqual([
      String(BAD_SLUG_INDEX + 2),
      "slug",
      "must be lowercase letters, digits and dashes",
    ]);
    expect((await cells(2)).slice(0, 2)).toEqual([String(BAD_PRICE_INDEX + 2), "price_eur"]);
    await page.getByText("Recent imports from this browser").waitFor();
    await screenshot(page, "import-finished-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // What the pages made exists on the server.
    const entities = await apiGet<{ slug: string }[]>(page, server.origin, "/api/catalog/entities?limit=1");
    expect((entities.meta as { pagination: { total: number } }).pagination.total).toBe(198);
    const one = await apiGet<{ slug: string }>(page, server.origin, "/api/catalog/entities/e2e-product-200");
    expect(one.data.slug).toBe("e2e-product-200");
    const missing = await page.request.get(`${server.origin}/api/catalog/entities/e2e-product-150`);
    expect(missing.status()).toBe(404);
    const categories = await apiGet<{ name: string; slug: string; parentId: string | null; id: string }[]>(
      page,
      server.origin,
      "/api/catalog/categories?limit=100",
    );
    const clothing = categories.data.find((category) => category.slug === "clothing");
    expect(categories.data.find((category) => category.slug === "linen-shirts")?.parentId).toBe(clothing?.id);
    const brands = await apiGet<{ slug: string; description: string | null }[]>(
      page,
      server.origin,
      "/api/catalog/brands?limit=100",
    );
    expect(brands.data).toEqual([
      expect.objectContaining({ slug: "acme-linen", description: "Shirts woven in Flanders." }),
    ]);
    const definitions = await apiGet<{ name: string; dataType: string; options: string[]; filterable: boolean }[]>(
      page,
      server.origin,
      "/api/admin/entity-field-definitions?entityType=product",
    );
    expect(definitions.data).toEqual([
      expect.objectContaining({
        name: "material",
        dataType: "enum",
        options: ["linen", "cotton", "wool"],
        filterable: true,
      }),
    ]);

    // The template the page offers is a file the server imports without a refused line.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("catalog-import-template.csv");
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "catalog-import-template.csv", mimeType: "text/csv", buffer: Buffer.concat(chunks) });
    await page.getByRole("button", { name: "Start import" }).click();
    await runJobsUntil(server.origin, page.getByText("2 created, 0 updated, 0 refused."));
    const shirt = await apiGet<{ slug: string; status: string }>(
      page,
      server.origin,
      "/api/catalog/entities/linen-shirt",
    );
    expect(shirt.data.status).toBe("active");
    await page.context().close();
  }, 180_000);

  it("works on a 390 px phone: each page and a form", async () => {
    const page = await browser.newPage("phone");
    await signIn(page, server.adminUrl, owner);
    for (const [path, heading, name, loaded] of [
      ["catalog/categories", "Categories", "categories-phone", "Linen shirts"],
      ["catalog/brands", "Brands", "brands-phone", "Acme Linen"],
      ["catalog/field-definitions", "Field definitions", "field-definitions-phone", "Material"],
      ["catalog/import", "Import", "import-phone", "Drop a CSV or NDJSON file here"],
    ] as const) {
      await page.goto(`${server.adminUrl}${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      // A category's name in the tree follows a decorative "└ ", so its cell is matched by accessible name.
      await page
        .getByRole("cell", { name: loaded, exact: true })
        .or(page.getByText(loaded, { exact: true }))
        .first()
        .waitFor();
      await screenshot(page, name);
      expect(await seriousAccessibilityIssues(page)).toEqual([]);
    }
    await page.goto(`${server.adminUrl}catalog/categories`);
    await page.getByRole("button", { name: "Edit Linen shirts" }).click();
    await page.getByRole("dialog", { name: "Edit Linen shirts" }).waitFor();
    await screenshot(page, "category-form-phone");
    await page.context().close();
  }, 120_000);
});
