import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";
import { JPEG, PNG, uploadMedia, type MultipartPart } from "./media-test-helpers.js";

describe("media", () => {
  let t: TestApp;
  let directory: string;
  const upload = (parts: MultipartPart[], actor: Actor = testAdminActor) => uploadMedia(t.app, parts, actor);
  const files = async () => (await readdir(join(directory, "default")).catch(() => [] as string[])).length;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-media-"));
    t = await createTestApp({ config: { media: { directory, maxFileSize: 1024, signingSecret: "test-secret" } } });
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("uploads a file whose type its bytes prove, always as merchant origin", async () => {
    const response = await upload([
      { name: "alt", value: "A red shirt" },
      { name: "file", value: PNG, filename: "shirt.jpg" },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      mimeType: "image/png",
      sizeBytes: PNG.length,
      alt: "A red shirt",
      origin: "merchant",
      confidence: null,
      filename: "shirt.jpg",
    });
    const derived = await upload([
      { name: "file", value: JPEG, filename: "crop.jpg" },
      { name: "derivedFromAssetId", value: response.body.data.id },
      { name: "confidence", value: "0.8" },
      { name: "origin", value: "generated" },
    ]);
    expect(derived.body.data).toMatchObject({
      mimeType: "image/jpeg",
      derivedFromAssetId: response.body.data.id,
      confidence: expect.closeTo(0.8, 5),
      origin: "merchant",
    });
  });

  it("refuses a disguised file (415), a file over the limit (413), no file and bad fields (422), storing nothing", async () => {
    const before = await files();
    const rows = (await sql<{ count: number }>`select count(*)::int as count from media_assets`.execute(t.db)).rows[0]
      ?.count;
    expect(
      (await upload([{ name: "file", value: Buffer.from("<script>alert(1)</script>"), filename: "x.png" }])).status,
    ).toBe(415);
    expect(
      (await upload([{ name: "file", value: Buffer.concat([PNG, Buffer.alloc(2048)]), filename: "big.png" }])).status,
    ).toBe(413);
    expect((await upload([{ name: "alt", value: "nothing" }])).status).toBe(422);
    expect(
      (
        await upload([
          { name: "file", value: PNG, filename: "a.png" },
          { name: "confidence", value: "7" },
        ])
      ).status,
    ).toBe(422);
    const json = await call(t.app, "POST", "/api/media/upload", { body: { file: "x" } });
    expect(json.status).toBe(415);
    expect(
      (
        await upload(
          [{ name: "file", value: PNG, filename: "a.png" }],
          createTestActor({ permissions: ["media:read"] }),
        )
      ).status,
    ).toBe(403);
    expect(await files()).toBe(before);
    expect(
      (await sql<{ count: number }>`select count(*)::int as count from media_assets`.execute(t.db)).rows[0]?.count,
    ).toBe(rows);
  });

  // Multipart fields skip the JSON body parser's input rules; a NUL reached PostgreSQL as a 500.
  it("refuses a NUL in a text field or in the file name with 422, storing nothing", async () => {
    const before = await files();
    const alt = await upload([
      { name: "alt", value: "red\u0000shirt" },
      { name: "file", value: PNG, filename: "a.png" },
    ]);
    expect([alt.status, alt.body.error.issues[0].path]).toEqual([422, "body.alt"]);
    const filename = await upload([{ name: "file", value: PNG, filename: "a\u0000.png" }]);
    expect([filename.status, filename.body.error.issues[0].path]).toEqual([422, "body.file"]);
    expect(await files()).toBe(before);
  });

  it("redirects to the file, and signs URLs that work without credentials until they expire", async () => {
    const asset = (await upload([{ name: "file", value: PNG, filename: "p.png" }])).body.data;
    const plain = await t.app.inject({ url: `/api/media/${asset.id}`, headers: jsonHeaders(testAdminActor) });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe(`/api/media/${asset.id}/file`);
    const withActor = await t.app.inject({
      url: plain.headers.location as string,
      headers: jsonHeaders(testAdminActor),
    });
    expect(withActor.statusCode).toBe(200);
    expect(withActor.headers["content-type"]).toBe("image/png");
    expect(withActor.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: plain.headers.location as string })).statusCode).toBe(401);

    const signed = await t.app.inject({
      url: `/api/media/${asset.id}?signed=true`,
      headers: jsonHeaders(testAdminActor),
    });
    expect(signed.statusCode).toBe(302);
    const location = signed.headers.location as string;
    expect(location).toMatch(/expires=\d+&signature=/);
    expect(signed.json().data.expiresAt).toEqual(expect.any(String));
    const anonymous = await t.app.inject({ url: location });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: location.replace(/signature=.{4}/, "signature=AAAA") })).statusCode).toBe(403);
    const expires = Number(new URL(location, "http://x").searchParams.get("expires"));
    expect(
      (await t.app.inject({ url: location.replace(`expires=${expires}`, `expires=${expires + 60}`) })).statusCode,
    ).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 10;
    expect((await t.app.inject({ url: location.replace(`expires=${expires}`, `expires=${past}`) })).statusCode).toBe(
      403,
    );
  });

  it("attaches once per level: entity level and each variant once, a duplicate is a 409", async () => {
    const entityId = await createEntity(t.app, { slug: "pictured" });
    const variant = (
      await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants/quick`, {
        body: { options: { Color: "Red" } },
      })
    ).body.data;
    const asset = (await upload([{ name: "file", value: PNG, filename: "p.png" }])).body.data;
    const attach = (body: Record<string, unknown>) =>
      call(t.app, "POST", "/api/media/attach", {
        body: { entityId, mediaAssetId: asset.id, role: "gallery", ...body },
      });
    expect((await attach({})).status).toBe(201);
    expect((await attach({ role: "hero" })).status).toBe(409);
    expect((await attach({ variantId: variant.id })).status).toBe(201);
    expect((await attach({ variantId: variant.id, sortOrder: 3 })).status).toBe(409);
    expect((await attach({ variantId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await attach({ mediaAssetId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    const entity = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=media`);
    expect(entity.body.data.media).toHaveLength(2);
    expect(entity.body.data.media[0]).toMatchObject({
      mediaAssetId: asset.id,
      role: "gallery",
      url: `/api/media/${asset.id}`,
    });
  });

  it("deletes assets: merchant uploads need media:write, generated ones also catalog:update", async () => {
    const merchant = (await upload([{ name: "file", value: PNG, filename: "m.png" }])).body.data;
    const generated = await t.kernel.services.media.createAsset(
      "default",
      { data: JPEG, origin: "generated", confidence: 0.5 },
      null,
    );
    const editor = createTestActor({ permissions: ["catalog:update", "media:read"] });
    expect((await call(t.app, "DELETE", `/api/media/${merchant.id}`, { actor: editor })).status).toBe(403);
    expect((await call(t.app, "DELETE", `/api/media/${generated.id}`, { actor: editor })).status).toBe(200);
    const before = await files();
    expect((await call(t.app, "DELETE", `/api/media/${merchant.id}`)).status).toBe(200);
    expect(await files()).toBe(before - 1);
    expect((await call(t.app, "GET", `/api/media/${merchant.id}`)).status).toBe(404);
    expect((await call(t.app, "DELETE", `/api/media/${merchant.id}`)).status).toBe(404);
  });

  it("never shows, serves, attaches or deletes another organization's media", async () => {
    const asset = (await upload([{ name: "file", value: PNG, filename: "own.png" }])).body.data;
    const entityId = await createEntity(t.app, { slug: "own-pictured" });
    const signed = (
      await t.app.inject({ url: `/api/media/${asset.id}?signed=true`, headers: jsonHeaders(testAdminActor) })
    ).headers.location as string;
    const foreignEntity = await createEntity(t.app, { slug: "foreign-pictured" }, otherOrgAdmin);
    const attempts = await Promise.all([
      call(t.app, "GET", `/api/media/${asset.id}`, { actor: otherOrgAdmin }),
      call(t.app, "GET", `/api/media/${asset.id}/file`, { actor: otherOrgAdmin }),
      call(t.app, "DELETE", `/api/media/${asset.id}`, { actor: otherOrgAdmin }),
      call(t.app, "POST", "/api/media/attach", {
        actor: otherOrgAdmin,
        body: { entityId, mediaAssetId: asset.id, role: "x" },
      }),
      call(t.app, "POST", "/api/media/attach", {
        actor: otherOrgAdmin,
        body: { entityId: foreignEntity, mediaAssetId: asset.id, role: "x" },
      }),
    ]);
    for (const response of attempts) expect(response.status).toBe(404);
    // A signed URL names its organization: another organization's credentials do not turn it into theirs.
    expect((await t.app.inject({ url: signed, headers: jsonHeaders(otherOrgAdmin) })).statusCode).toBe(403);
    expect((await call(t.app, "GET", `/api/media/${asset.id}`)).status).toBe(302);
    const links = await sql<{
      count: number;
    }>`select count(*)::int as count from media_attachments where media_asset_id = ${asset.id}`.execute(t.db);
    expect(links.rows[0]?.count).toBe(0);
  });
});
