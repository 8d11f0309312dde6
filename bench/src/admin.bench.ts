/**
 * The admin app in a real browser (Debian's Chromium through playwright-core), on PostgreSQL:
 * - JavaScript shipped for the first page (the sign-in page, then the catalog list): every script the
 *   browser fetched, gzip-compressed at level 6 as a server or CDN would; target at most 250 KB;
 * - the catalog list at 100,000 entities (seeded by `catalog-scale-seed.ts` in its schema): time from
 *   navigation to the first row, median of 10, both as a full page load (assets cached) and as an in-app
 *   navigation from the home page; target under 1 s. Requests to the catalog list per navigation and per
 *   "Next" click are counted: the page must never fetch more than one page at a time.
 * Builds the admin first (`pnpm --filter @unified-commerce/admin build`, a no-op when built).
 * BENCH_ADMIN_RUNS (default 10).
 */
import { execFileSync, execSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { SCALE_SCHEMA, benchDatabaseUrl, growCatalog, prepareScaleSchema } from "./catalog-scale-seed.js";

const runs = Number(process.env.BENCH_ADMIN_RUNS ?? 10);
const ENTITIES = 100_000;
const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const serverDir = `${repoRoot}apps/server`;
const owner = { email: "bench-owner@shop.example", password: "a long bench passphrase" };
const loadAverage = () => execSync("uptime").toString().trim();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

console.log("building the admin");
execSync("pnpm --filter @unified-commerce/admin build", { cwd: repoRoot, stdio: "inherit" });

const started = Date.now();
await prepareScaleSchema();
await growCatalog(0, ENTITIES);
const seedSeconds = (Date.now() - started) / 1000;
console.log(`${ENTITIES} entities in ${seedSeconds.toFixed(1)} s; ${loadAverage()}`);

const env = {
  ...process.env,
  DATABASE_URL: benchDatabaseUrl(),
  DATABASE_SCHEMA: SCALE_SCHEMA,
  RATE_LIMIT_MAX: "1000000",
  NODE_ENV: "development",
};
const tsx = ["--conditions=source", "--import", "tsx"];
execFileSync(
  process.execPath,
  [...tsx, `${repoRoot}packages/cli/src/bin.ts`, "user", "create", "--email", owner.email, "--role", "owner"],
  { cwd: serverDir, env: { ...env, UC_USER_PASSWORD: owner.password }, stdio: "inherit" },
);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...tsx, "src/main.ts"], {
  cwd: serverDir,
  env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 600) throw new Error("the server did not start");
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** Scripts already counted: a reload answers them from the browser's cache, not from the network again. */
const scriptsSeen = new Set<string>();

/** Gzip bytes of every script a page fetched for the first time while `work` ran. */
async function scriptsShipped(
  page: Page,
  work: () => Promise<void>,
): Promise<{ files: number; raw: number; gzip: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    if (response.request().resourceType() !== "script" || scriptsSeen.has(response.url())) return;
    scriptsSeen.add(response.url());
    bodies.push(response.body());
  };
  page.on("response", onResponse);
  await work();
  page.off("response", onResponse);
  const all = await Promise.all(bodies);
  return {
    files: all.length,
    raw: all.reduce((sum, body) => sum + body.length, 0),
    gzip: all.reduce((sum, body) => sum + gzipSync(body, { level: 6 }).length, 0),
  };
}

/** Counts requests to the catalog's list (and search) while `work` runs. */
async function listRequests(page: Page, work: () => Promise<void>): Promise<number> {
  let count = 0;
  const onRequest = (request: import("playwright-core").Request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/catalog/entities" || path === "/api/search") count++;
  };
  page.on("request", onRequest);
  await work();
  page.off("request", onRequest);
  return count;
}

const firstRow = (page: Page) => page.locator("table tbody tr").first().waitFor({ state: "visible" });
const productsUrl = `${origin}/admin/catalog/products`;

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const signInShipped = await scriptsShipped(page, async () => {
    await page.goto(`${origin}/admin/`);
    await page.getByLabel(/^E-mail/).waitFor();
  });
  await page.getByLabel(/^E-mail/).fill(owner.email);
  await page.getByLabel(/^Password/).fill(owner.password);
  const listShipped = await scriptsShipped(page, async () => {
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor({ state: "attached" });
    await page.goto(productsUrl);
    await firstRow(page);
  });

  const fullLoads: number[] = [];
  const inApp: number[] = [];
  const requestsPerNavigation: number[] = [];
  const requestsPerNext: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.goto(`${origin}/admin/`);
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor({ state: "attached" });
    let began = performance.now();
    requestsPerNavigation.push(
      await listRequests(page, async () => {
        await page.getByRole("link", { name: "Products" }).first().click();
        await firstRow(page);
      }),
    );
    inApp.push(performance.now() - began);
    began = performance.now();
    await page.goto(productsUrl);
    await firstRow(page);
    fullLoads.push(performance.now() - began);
    const firstSlug = await page.locator("table tbody tr").first().textContent();
    requestsPerNext.push(
      await listRequests(page, async () => {
        await page.getByRole("button", { name: "Next" }).click();
        await page
          .locator("table tbody tr")
          .first()
          .filter({ hasNotText: firstSlug ?? "" })
          .waitFor();
      }),
    );
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const lines = [
    "# Admin in the browser",
    "",
    `Chromium (Debian) headless, 1280 px, on PostgreSQL; ${ENTITIES.toLocaleString("en")} entities seeded in ${seedSeconds.toFixed(0)} s.`,
    `Load: ${loadAverage()}.`,
    "",
    "| measure | value | target |",
    "|---|---|---|",
    `| JavaScript for the first page (sign-in), gzip | ${kb(signInShipped.gzip)} (${signInShipped.files} files, ${kb(signInShipped.raw)} raw) | at most 250 KB ${signInShipped.gzip <= 250 * 1024 ? "met" : "MISSED"} |`,
    `| more JavaScript to reach the catalog list, gzip | ${kb(listShipped.gzip)} (${listShipped.files} files) | |`,
    `| catalog list, in-app navigation to first row, median of ${runs} | ${ms(median(inApp))} (min ${ms(Math.min(...inApp))}, max ${ms(Math.max(...inApp))}) | under 1 s ${median(inApp) < 1000 ? "met" : "MISSED"} |`,
    `| catalog list, full page load to first row, median of ${runs} | ${ms(median(fullLoads))} (min ${ms(Math.min(...fullLoads))}, max ${ms(Math.max(...fullLoads))}) | under 1 s ${median(fullLoads) < 1000 ? "met" : "MISSED"} |`,
    `| list requests per navigation | ${[...new Set(requestsPerNavigation)].join(", ")} | 1 |`,
    `| list requests per "Next" | ${[...new Set(requestsPerNext)].join(", ")} | 1 |`,
    "",
  ];
  console.log(lines.join("\n"));
  writeFileSync(new URL("../results/admin.md", import.meta.url), lines.join("\n"));
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
