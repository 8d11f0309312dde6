import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPluginTestApp,
  createTestActor,
  jsonHeaders,
  testAdminActor,
  type TestApp,
} from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import { call, createVendor, manager } from "./marketplace-test-helpers.js";

/** A storefront key: reads the catalog and its public media. */
const storefront = createTestActor({
  id: "storefront",
  type: "apiKey",
  permissions: ["catalog:read", "media:read", "inventory:read"],
});

// Security issue 31: a vendor document names an uploaded media asset; a storefront key read it by id.
describe("vendor documents' files", () => {
  let t: TestApp;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-mp-documents-"));
    t = await createPluginTestApp(marketplace(), { config: { media: { directory } } });
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("are a 404 to a storefront key, and readable by staff who manage media", async () => {
    const boundary = "----uc-mp-boundary";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kbis.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from("%PDF-1.4\nvendor registration\n%%EOF\n"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { "content-type": _json, ...headers } = jsonHeaders(testAdminActor);
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/media/upload",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const assetId = uploaded.json().data.id as string;
    const vendorId = await createVendor(t, { slug: "paper-vendor" });
    const document = await call(t, "POST", `/api/marketplace/vendors/${vendorId}/documents`, {
      actor: manager,
      body: { type: "registration", reference: assetId, fileName: "kbis.pdf" },
    });
    expect(document.status).toBe(201);

    for (const url of [`/api/media/${assetId}/file`, `/api/media/${assetId}`, `/api/media/${assetId}?signed=true`]) {
      const refused = await t.app.inject({ url, headers: jsonHeaders(storefront) });
      expect([url, refused.statusCode]).toEqual([url, 404]);
    }
    const staff = await t.app.inject({ url: `/api/media/${assetId}/file`, headers: jsonHeaders(testAdminActor) });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.toString()).toContain("vendor registration");
  });
});
