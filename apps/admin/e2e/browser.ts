import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { screenshotDir } from "./paths.js";

/** Debian's Chromium (Playwright's own browser download is not reachable here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const hasChromium = existsSync(CHROMIUM_PATH);

/** The two screen sizes every page is checked at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/** A headless Chromium with a fresh profile. */
export interface TestBrowser {
  /** A new page (own cookies) at a viewport. */
  newPage(viewport?: ViewportName): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Launches Chromium headless with no network of its own (no updates, sync or QUIC), each page in its own
 * context so sessions never leak between tests.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  // Playwright gives each launch a fresh temporary profile (it refuses --user-data-dir with launch()).
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    newPage: async (viewport = "desktop") => {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport], colorScheme: "light" });
      return context.newPage();
    },
    close: () => browser.close(),
  };
}

/** Saves a full-page screenshot as `apps/admin/test-results/screenshots/<name>.png` (a test artefact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  // Finished transitions (a closing drawer) rather than a frame half-way through them.
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  return path;
}
