/// <reference lib="dom" />
// The drop test builds a DataTransfer inside the page: its callback runs in the browser, so it needs DOM types.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAccessibilityIssues } from "./accessibility.js";
import { hasChromium, launchBrowser, screenshot, type TestBrowser } from "./browser.js";
import { startReferenceServer, type ReferenceServer } from "./reference-server.js";
import { signIn } from "./sign-in.js";

const owner = { email: "owner@shop.example", password: "a long owner passphrase", role: "owner" };

/** A 16x16 red PNG: small, and a real picture the browser draws (the server judges the type by its bytes). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4ISdHEmIY1TCqYfhqAADkYgQQ60fIxgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Calls the API from inside the signed-in page (its session cookie, its origin), as the app would: the
 * test's setup and its checks of what was stored.
 */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { method, path, body },
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return (answer.json as { data: T }).data;
}

interface StoredVariant {
  id: string;
  sku: string | null;
  options: Record<string, string>;
}

describe.skipIf(!hasChromium)("product variants and media in a real browser", () => {
  let server: ReferenceServer;
  let browser: TestBrowser;
  let directory: string;
  let picture: string;
  let secondPicture: string;
  let productId = "";
  let warehouseId = "";

  beforeAll(async () => {
    [server, browser] = await Promise.all([startReferenceServer({ users: [owner] }), launchBrowser()]);
    directory = await mkdtemp(join(tmpdir(), "uc-admin-media-"));
    picture = join(directory, "red-square.png");
    secondPicture = join(directory, "second-square.png");
    await writeFile(picture, PNG);
    await writeFile(secondPicture, PNG);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("adds a Size axis, generates its variants, prices them in EUR and stocks them (1280 px)", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, owner);
    // Setup through the API: the product editor is another page's work.
    productId = (
      await apiCall<{ id: string }>(page, "POST", "/api/catalog/entities", {
        type: "product",
        slug: "e2e-tee",
        status: "active",
        attributes: { en: { title: "E2E tee" } },
      })
    ).id;
    warehouseId = (
      await apiCall<{ id: string }>(page, "POST", "/api/inventory/warehouses", { name: "Main", code: "main" })
    ).id;

    await page.goto(`${server.adminUrl}catalog/products/${productId}/variants`);
    await page.getByRole("heading", { name: "Variants: E2E tee" }).waitFor();
    await page.getByRole("link", { name: "Back to the product" }).waitFor();

    await page.getByLabel(/^Axis name/).fill("Size");
    await page.getByLabel(/^Values/).fill("S, M");
    await page.getByRole("button", { name: "Add axis" }).click();
    await page.getByText("2 combinations, 0 with a variant, 2 missing.").waitFor();
    await page.getByRole("button", { name: "Create 2 missing variants" }).click();
    await page.getByRole("button", { name: "Every combination exists" }).waitFor();

    // Quick add sets a SKU when it creates the variant; each variant's panel edits it later.
    const quickAdd = page.getByRole("form", { name: "Quick add a variant" });
    await quickAdd.getByRole("combobox", { name: "Size" }).fill("L");
    await quickAdd.getByLabel("SKU").fill("E2E-TEE-L");
    await quickAdd.getByRole("button", { name: "Add variant" }).click();
    await page.getByText("3 combinations, 3 with a variant, 0 missing.").waitFor();

    for (const [size, amount] of [
      ["S", "1999"],
      ["M", "2499"],
    ] as const) {
      await page.getByRole("button", { name: new RegExp(`^Size: ${size} SKU`) }).click();
      const panel = page.getByRole("region", { name: new RegExp(`^Size: ${size} SKU`) });
      const price = panel.getByRole("form", { name: "Set a price" });
      await price.getByLabel(/^Amount/).fill(amount);
      await price.getByRole("button", { name: "Save price" }).click();
      await panel.getByRole("cell", { name: /19\.99|24\.99/ }).waitFor();

      const stock = panel.getByRole("form", { name: "Adjust stock" });
      await stock.getByRole("combobox", { name: "Warehouse" }).click();
      await page.getByRole("option", { name: "Main (main)" }).click();
      await stock.getByLabel(/^Quantity/).fill("10");
      await stock.getByLabel(/^Note/).fill("First delivery");
      await stock.getByRole("button", { name: "Adjust stock" }).click();
      await stock.getByText("On hand now 10.").waitFor();
    }
    // SKUs are unique in the store: L's is refused on the field, then S gets its own.
    const small = page.getByRole("region", { name: /^Size: S SKU/ });
    const sku = small.getByRole("form", { name: "SKU of Size: S" });
    await sku.getByRole("textbox", { name: "SKU" }).fill("E2E-TEE-L");
    await sku.getByRole("button", { name: "Save SKU" }).click();
    await sku.getByText("already used by another variant").waitFor();
    expect(await sku.getByRole("textbox", { name: "SKU" }).getAttribute("aria-invalid")).toBe("true");
    await sku.getByRole("textbox", { name: "SKU" }).fill("E2E-TEE-S");
    await sku.getByRole("button", { name: "Save SKU" }).click();
    await page.getByRole("button", { name: "Size: S SKU E2E-TEE-S" }).waitFor();
    await screenshot(page, "product-variants-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // What the pages did is stored.
    const product = await apiCall<{ variants: StoredVariant[] }>(
      page,
      "GET",
      `/api/catalog/entities/${productId}?include=variants`,
    );
    const bySize = new Map(product.variants.map((variant) => [variant.options.Size, variant]));
    expect([...bySize.keys()].sort()).toEqual(["L", "M", "S"]);
    expect(bySize.get("L")?.sku).toBe("E2E-TEE-L");
    expect(bySize.get("S")?.sku).toBe("E2E-TEE-S");
    expect(bySize.get("M")?.sku).toBeNull();
    const prices = await apiCall<{ variantId: string; currency: string; amount: number; customerGroupId: null }[]>(
      page,
      "GET",
      `/api/pricing/prices?entityId=${productId}`,
    );
    expect(prices.map((row) => [row.variantId, row.currency, row.amount, row.customerGroupId]).sort()).toEqual(
      [
        [bySize.get("S")?.id, "EUR", 1999, null],
        [bySize.get("M")?.id, "EUR", 2499, null],
      ].sort(),
    );
    const [stock] = await apiCall<{ levels: { variantId: string; warehouseId: string; onHand: number }[] }[]>(
      page,
      "GET",
      `/api/inventory/check?entityIds=${productId}`,
    );
    for (const size of ["S", "M"]) {
      const level = stock?.levels.find(
        (row) => row.variantId === bySize.get(size)?.id && row.warehouseId === warehouseId,
      );
      expect(level?.onHand).toBe(10);
    }
    await page.context().close();
  });

  it("uploads pictures with progress, sets their alt text and order, attaches one to a variant (1280 px)", async () => {
    const page = await browser.newPage("desktop");
    await signIn(page, server.adminUrl, owner);
    await page.goto(`${server.adminUrl}catalog/products/${productId}/media`);
    await page.getByRole("heading", { name: "Media: E2E tee" }).waitFor();

    const upload = page.getByRole("region", { name: "Add media" });
    await upload.getByLabel(/^Alt text/).fill("A red square");
    await upload.getByLabel("Files to upload").setInputFiles([picture, secondPicture]);
    await expect.poll(() => upload.getByText("Uploaded").count(), { timeout: 20_000 }).toBe(2);
    const productMedia = page.getByRole("region", { name: "Media of Product" });
    await productMedia.getByRole("listitem").nth(1).waitFor();
    await productMedia.getByRole("img", { name: "A red square" }).first().waitFor();

    // The second picture gets its own alt text, then moves first, by keyboard.
    const second = productMedia.getByRole("listitem").nth(1);
    await second.getByRole("textbox", { name: "Alt text" }).fill("The back of the square");
    await second.getByRole("button", { name: "Save" }).click();
    await productMedia.getByText("2. The back of the square").waitFor();
    await productMedia.getByRole("button", { name: /^Move picture 2 .* up$/ }).focus();
    await page.keyboard.press("Enter");
    await productMedia.getByText("1. The back of the square").waitFor();

    // One picture for variant S only.
    await upload.getByRole("combobox", { name: "Attach to" }).click();
    await page.getByRole("option", { name: /^Variant Size: S/ }).click();
    await upload.getByLabel(/^Alt text/).fill("Size S label");
    // Dropped rather than picked: a drop event carrying the file, as a drag from the desktop sends.
    await page.getByTestId("media-drop-zone").evaluate((zone, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "size-s.png", { type: "image/png" }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, PNG.toString("base64"));
    await page.getByRole("region", { name: "Media of Variant Size: S" }).getByText("1. Size S label").waitFor();
    await screenshot(page, "product-media-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    const product = await apiCall<{
      variants: StoredVariant[];
      media: { variantId: string | null; alt: string | null; sortOrder: number }[];
    }>(page, "GET", `/api/catalog/entities/${productId}?include=variants,media`);
    const sizeS = product.variants.find((variant) => variant.options.Size === "S");
    expect(product.media.filter((row) => row.variantId === null).map((row) => row.alt)).toEqual([
      "The back of the square",
      "A red square",
    ]);
    expect(product.media.filter((row) => row.variantId !== null)).toEqual([
      expect.objectContaining({ variantId: sizeS?.id, alt: "Size S label" }),
    ]);

    // Detaching asks first, and keeps the file in the library.
    const variantMedia = page.getByRole("region", { name: "Media of Variant Size: S" });
    await variantMedia.getByRole("button", { name: "Detach" }).click();
    const dialog = page.getByRole("dialog", { name: "Detach the picture?" });
    await dialog.getByRole("button", { name: "Detach" }).click();
    await variantMedia.waitFor({ state: "detached" });

    // The detached file is still in the library: variant M takes it from there.
    await upload.getByRole("combobox", { name: "Attach to" }).click();
    await page.getByRole("option", { name: /^Variant Size: M/ }).click();
    await upload.getByRole("button", { name: "Choose from library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from library" });
    await picker.getByText("Attach files already uploaded to variant Size: M.").waitFor();
    await picker.getByRole("button", { name: "Attach size-s.png" }).waitFor();
    await screenshot(page, "product-media-library-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await picker.getByRole("button", { name: "Attach size-s.png" }).click();
    await picker.getByRole("row").filter({ hasText: "size-s.png" }).getByText("Attached").waitFor();
    await picker.getByRole("button", { name: "Done" }).click();
    await picker.waitFor({ state: "detached" });
    await page.getByRole("region", { name: "Media of Variant Size: M" }).getByText("1. Size S label").waitFor();
    const attached = await apiCall<{ variants: StoredVariant[]; media: { variantId: string | null; alt: string }[] }>(
      page,
      "GET",
      `/api/catalog/entities/${productId}?include=variants,media`,
    );
    const sizeM = attached.variants.find((variant) => variant.options.Size === "M");
    expect(attached.media.filter((row) => row.variantId !== null)).toEqual([
      expect.objectContaining({ variantId: sizeM?.id, alt: "Size S label" }),
    ]);

    await page.goto(`${server.adminUrl}catalog/media`);
    await page.getByRole("heading", { name: "Media", exact: true }).waitFor();
    const library = page.getByRole("table", { name: "Media files" });
    await expect.poll(() => library.getByRole("row").count()).toBe(4);
    await screenshot(page, "media-library-desktop");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    // Deleting from the library asks first; the detached file goes, the others stay.
    await library
      .getByRole("row")
      .filter({ hasText: "Size S label" })
      .getByRole("button", { name: /^Delete/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete the file?" });
    await confirm.getByRole("button", { name: "Cancel" }).waitFor();
    await confirm.getByRole("button", { name: "Delete file" }).click();
    await expect.poll(() => library.getByRole("row").count()).toBe(3);
    const assets = await apiCall<{ alt: string | null }[]>(page, "GET", "/api/media?limit=100");
    expect(assets.map((asset) => asset.alt).sort()).toEqual(["A red square", "The back of the square"]);
    await page.context().close();
  });

  it("shows the variants, media and library pages on a 390 px phone", async () => {
    const page = await browser.newPage("phone");
    await signIn(page, server.adminUrl, owner);
    await page.goto(`${server.adminUrl}catalog/products/${productId}/variants`);
    await page.getByRole("heading", { name: "Variants: E2E tee" }).waitFor();
    await page.getByRole("button", { name: /^Size: S SKU/ }).click();
    await page
      .getByRole("region", { name: /^Size: S SKU/ })
      .getByRole("cell", { name: "10" })
      .first()
      .waitFor();
    await screenshot(page, "product-variants-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);

    await page.goto(`${server.adminUrl}catalog/products/${productId}/media`);
    await page.getByRole("region", { name: "Media of Product" }).getByRole("img").first().waitFor();
    await screenshot(page, "product-media-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.getByRole("button", { name: "Choose from library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from library" });
    await picker.getByRole("table", { name: "Media library" }).getByText("red-square.png").waitFor();
    await screenshot(page, "product-media-library-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await picker.getByRole("button", { name: "Done" }).click();

    await page.goto(`${server.adminUrl}catalog/media`);
    await page.getByRole("table", { name: "Media files" }).waitFor();
    await screenshot(page, "media-library-phone");
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
    await page.context().close();
  });
});
