import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { DatabaseConfig } from "@unified-commerce/core";
import { buildServer } from "./build-server.js";

const url = process.env.TEST_DATABASE_URL;
const schema = `adm_${randomBytes(5).toString("hex")}`;
const database: DatabaseConfig = url ? { url, schema } : { dataDir: "memory://" };

const INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script></head></html>';

describe("the admin app served by the reference server", () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    // A stand-in for the built app: the server's behaviour does not depend on what Vite emitted.
    root = await mkdtemp(join(tmpdir(), "uc-admin-"));
    await mkdir(join(root, "assets"));
    await writeFile(join(root, "index.html"), INDEX);
    await writeFile(join(root, "assets/index-abc123.js"), "console.log('admin');\n");
    await writeFile(join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    app = await buildServer(
      { logLevel: "silent", database },
      { admin: { root, apiBaseUrl: "https://api.shop.example/", imageOrigins: ["https://cdn.shop.example"] } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it("serves index.html at /admin and /admin/ with no-cache and a CSP that allows no inline script", async () => {
    for (const path of ["/admin", "/admin/"]) {
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toBe(INDEX);
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' https://api.shop.example");
      expect(csp).toContain("img-src 'self' data: blob: https://api.shop.example https://cdn.shop.example");
    }
  });

  it("caches hashed assets for a year and other files not at all", async () => {
    const asset = await app.inject({ url: "/admin/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toContain("text/javascript");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await app.inject({ url: "/admin/favicon.svg" });
    expect([icon.statusCode, icon.headers["cache-control"]]).toEqual([200, "no-cache"]);
  });

  it("answers the app's own routes with index.html (SPA fallback)", async () => {
    for (const path of ["/admin/catalog/products", "/admin/sign-in?redirect=%2Fadmin%2Fpricing", "/admin/a/b/c"]) {
      const response = await app.inject({ url: path });
      expect([response.statusCode, response.body]).toEqual([200, INDEX]);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers 404 for a missing asset or file rather than HTML", async () => {
    for (const path of [
      "/admin/assets/index-gone.js",
      "/admin/assets/nothing",
      "/admin/robots.txt",
      "/admin/../../etc/passwd",
    ]) {
      const response = await app.inject({ url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain("<html");
    }
  });

  it("serves a build made while the server runs (its new hashed files) without a restart", async () => {
    await writeFile(join(root, "assets/index-new456.js"), "console.log('rebuilt');\n");
    // Misses list the folder again at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const asset = await app.inject({ url: "/admin/assets/index-new456.js" });
    expect([asset.statusCode, asset.body]).toEqual([200, "console.log('rebuilt');\n"]);
  });

  it("serves the runtime configuration the app reads at start", async () => {
    const response = await app.inject({ url: "/admin/config.json" });
    expect(response.json()).toEqual({ apiBaseUrl: "https://api.shop.example" });
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the mailed invitation link on to the admin's page, token kept", async () => {
    const response = await app.inject({ url: "/accept-invitation?token=abc.def" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/admin/accept-invitation?token=abc.def");
  });

  it("leaves the API untouched: no CSP on /api and its own JSON 404", async () => {
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-security-policy"]).toBeUndefined();
    const missing = await app.inject({ url: "/api/admin/whatever" });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, "NOT_FOUND"]);
    const outside = await app.inject({ url: "/administrator" });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error.code).toBe("NOT_FOUND");
  });
});
