import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.js";
import { createTestApp, jsonHeaders, testCustomerActor, testStaffActor, type TestApp } from "../../testing/index.js";
import { call, createEntity, storefrontActor } from "../catalog/testing.js";
import { PNG, uploadMedia } from "./media-test-helpers.js";

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);

// Security issue 31: a storefront key (media:read) read a paid download by its asset id, which
// `include=media` listed; vendor documents and unattached uploads were served the same way.
describe("media visibility", () => {
  let t: TestApp;
  let directory: string;
  const ids = { book: "", draft: "", cover: "", download: "", draftPicture: "", document: "" };
  const upload = async (data: Buffer, filename: string) => {
    const response = await uploadMedia(t.app, [{ name: "file", value: data, filename }]);
    if (response.status !== 201) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
    return response.body.data.id as string;
  };
  const attach = async (body: Record<string, unknown>) =>
    expect((await call(t.app, "POST", "/api/media/attach", { body })).status).toBe(201);
  const fileOf = (id: string, actor?: Actor) =>
    t.app.inject({ url: `/api/media/${id}/file`, headers: jsonHeaders(actor) });
  const counts = async () =>
    (
      await sql<{
        assets: number;
        links: number;
      }>`select (select count(*)::int from media_assets) as assets, (select count(*)::int from media_attachments) as links`.execute(
        t.db,
      )
    ).rows[0];

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-media-visibility-"));
    t = await createTestApp({ config: { media: { directory, signingSecret: "visibility-secret" } } });
    ids.book = await createEntity(t.app, { slug: "e-book", type: "digitalDownload" });
    ids.draft = await createEntity(t.app, { slug: "draft-book", status: "draft" });
    ids.cover = await upload(PNG, "cover.png");
    ids.download = await upload(pdf("the paid book"), "book.pdf");
    ids.draftPicture = await upload(PNG, "draft.png");
    // A vendor's registration paper: an upload its document row names, attached to no entity.
    ids.document = await upload(pdf("vendor registration"), "kbis.pdf");
    await attach({ entityId: ids.book, mediaAssetId: ids.cover, role: "gallery" });
    await attach({ entityId: ids.book, mediaAssetId: ids.download, role: "download" });
    await attach({ entityId: ids.draft, mediaAssetId: ids.draftPicture, role: "gallery" });
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("include=media omits download attachments for a storefront key and a customer; staff see them", async () => {
    for (const actor of [storefrontActor, testCustomerActor]) {
      const entity = await call(t.app, "GET", "/api/catalog/entities/e-book?include=media", { actor });
      expect(entity.status).toBe(200);
      expect(
        entity.body.data.media.map((item: { mediaAssetId: string; role: string }) => [item.mediaAssetId, item.role]),
      ).toEqual([[ids.cover, "gallery"]]);
      const listed = await call(t.app, "GET", "/api/catalog/entities?include=media", { actor });
      expect(JSON.stringify(listed.body)).not.toContain(ids.download);
    }
    const staff = await call(t.app, "GET", "/api/catalog/entities/e-book?include=media", { actor: testStaffActor });
    expect(staff.body.data.media.map((item: { role: string }) => item.role).sort()).toEqual(["download", "gallery"]);
  });

  it("serves a public picture to a storefront key, and answers 404 for a download, a vendor document or a draft's picture", async () => {
    const before = await counts();
    const cover = await fileOf(ids.cover, storefrontActor);
    expect(cover.statusCode).toBe(200);
    expect(cover.rawPayload.equals(PNG)).toBe(true);
    expect((await call(t.app, "GET", `/api/media/${ids.cover}`, { actor: storefrontActor })).status).toBe(302);
    for (const id of [ids.download, ids.document, ids.draftPicture]) {
      const file = await fileOf(id, storefrontActor);
      expect([file.statusCode, file.json().error.code]).toEqual([404, "NOT_FOUND"]);
      expect((await call(t.app, "GET", `/api/media/${id}`, { actor: storefrontActor })).status).toBe(404);
      // Nor may it have the file signed for it, then fetch the signed link anonymously.
      const signed = await call(t.app, "GET", `/api/media/${id}?signed=true`, { actor: storefrontActor });
      expect(signed.status).toBe(404);
      expect(signed.headers.location).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });

  it("lets staff (media:write) read every asset, and a signed link serve its file without credentials", async () => {
    for (const id of [ids.download, ids.document, ids.draftPicture])
      expect((await fileOf(id, testStaffActor)).statusCode).toBe(200);
    const signed = await call(t.app, "GET", `/api/media/${ids.download}?signed=true`, { actor: testStaffActor });
    expect(signed.status).toBe(302);
    const anonymous = await t.app.inject({ url: signed.headers.location as string });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.rawPayload.toString()).toContain("the paid book");
  });

  it("never makes a download public, even when media.publicRoles lists it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "uc-media-visibility-roles-"));
    const other = await createTestApp({ config: { media: { directory: dir, publicRoles: ["download", "gallery"] } } });
    try {
      const entityId = await createEntity(other.app, { slug: "other-book" });
      const response = await uploadMedia(other.app, [{ name: "file", value: pdf("paid"), filename: "b.pdf" }]);
      expect(
        (
          await call(other.app, "POST", "/api/media/attach", {
            body: { entityId, mediaAssetId: response.body.data.id, role: "download" },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await other.app.inject({
            url: `/api/media/${response.body.data.id}/file`,
            headers: jsonHeaders(storefrontActor),
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
