import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";
import { PNG, uploadMedia } from "./media-test-helpers.js";

describe("media library: list, alt text, order, detach", () => {
  let t: TestApp;
  let directory: string;
  const upload = async (filename: string, alt?: string) =>
    (await uploadMedia(t.app, [...(alt ? [{ name: "alt", value: alt }] : []), { name: "file", value: PNG, filename }]))
      .body.data as { id: string };
  const changes = async (entityId: string) =>
    (
      await sql<{ change: string }>`
        select payload->>'change' as change from domain_events
        where type = 'catalog.update' and entity_id = ${entityId} order by sequence`.execute(t.db)
    ).rows.map((row) => row.change);

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-media-library-"));
    t = await createTestApp({ config: { media: { directory, signingSecret: "test-secret" } } });
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("lists every asset newest first, paged, for media:write only", async () => {
    const first = await upload("first.png");
    const second = await upload("second.png");
    const page = await call(t.app, "GET", "/api/media?limit=1");
    expect(page.status).toBe(200);
    expect(page.body.data.map((asset: { id: string }) => asset.id)).toEqual([second.id]);
    expect(page.body.meta.pagination).toMatchObject({ page: 1, limit: 1 });
    const all = await call(t.app, "GET", "/api/media?limit=100");
    const ids = all.body.data.map((asset: { id: string }) => asset.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const reader = createTestActor({ permissions: ["media:read"] });
    expect((await call(t.app, "GET", "/api/media", { actor: reader })).status).toBe(403);
  });

  it("changes and clears the alt text, announcing it on the entities it is attached to", async () => {
    const entityId = await createEntity(t.app, { slug: "alt-texted" });
    const asset = await upload("alt.png", "old");
    await call(t.app, "POST", "/api/media/attach", { body: { entityId, mediaAssetId: asset.id, role: "image" } });
    const changed = await call(t.app, "PATCH", `/api/media/${asset.id}`, { body: { alt: "A blue mug" } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: asset.id, alt: "A blue mug" });
    const entity = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=media`);
    expect(entity.body.data.media[0]).toMatchObject({ mediaAssetId: asset.id, alt: "A blue mug" });
    expect(await changes(entityId)).toContain("mediaAltChanged");
    expect((await call(t.app, "PATCH", `/api/media/${asset.id}`, { body: { alt: null } })).body.data.alt).toBeNull();
    expect((await call(t.app, "PATCH", `/api/media/${asset.id}`, { body: { alt: "x".repeat(1001) } })).status).toBe(
      422,
    );
  });

  it("orders the attachments of one level, refusing a list that misses or adds one", async () => {
    const entityId = await createEntity(t.app, { slug: "ordered" });
    const variant = (
      await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants/quick`, {
        body: { options: { Size: "S" } },
      })
    ).body.data as { id: string };
    const attach = async (filename: string, variantId?: string) => {
      const asset = await upload(filename);
      return (
        await call(t.app, "POST", "/api/media/attach", {
          body: { entityId, mediaAssetId: asset.id, role: "image", ...(variantId ? { variantId } : {}) },
        })
      ).body.data as { id: string; mediaAssetId: string };
    };
    const [a, b, c] = [await attach("a.png"), await attach("b.png"), await attach("c.png")];
    const onVariant = await attach("v.png", variant.id);
    if (!a || !b || !c) throw new Error("attachments missing");
    const ordered = await call(t.app, "POST", "/api/media/attachments/order", {
      body: { entityId, attachmentIds: [c.id, a.id, b.id] },
    });
    expect(ordered.status).toBe(200);
    expect(ordered.body.data.map((row: { id: string; sortOrder: number }) => [row.id, row.sortOrder])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    const entity = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=media`);
    const entityLevel = entity.body.data.media.filter((row: { variantId: string | null }) => row.variantId === null);
    expect(entityLevel.map((row: { id: string }) => row.id)).toEqual([c.id, a.id, b.id]);
    expect(await changes(entityId)).toContain("mediaReordered");
    for (const attachmentIds of [
      [c.id, a.id],
      [c.id, a.id, b.id, onVariant.id],
      [a.id, a.id, b.id],
    ])
      expect(
        (await call(t.app, "POST", "/api/media/attachments/order", { body: { entityId, attachmentIds } })).status,
      ).toBe(422);
    expect(
      (
        await call(t.app, "POST", "/api/media/attachments/order", {
          body: { entityId, variantId: variant.id, attachmentIds: [onVariant.id] },
        })
      ).status,
    ).toBe(200);
  });

  it("detaches an attachment and keeps its asset in the library", async () => {
    const entityId = await createEntity(t.app, { slug: "detached" });
    const asset = await upload("kept.png");
    const attachment = (
      await call(t.app, "POST", "/api/media/attach", { body: { entityId, mediaAssetId: asset.id, role: "image" } })
    ).body.data as { id: string };
    const detached = await call(t.app, "DELETE", `/api/media/attachments/${attachment.id}`);
    expect(detached.status).toBe(200);
    expect(detached.body.data).toMatchObject({ id: attachment.id, mediaAssetId: asset.id });
    expect((await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=media`)).body.data.media).toEqual([]);
    expect(await changes(entityId)).toContain("mediaDetached");
    expect((await call(t.app, "GET", `/api/media/${asset.id}`)).status).toBe(302);
    expect((await call(t.app, "DELETE", `/api/media/attachments/${attachment.id}`)).status).toBe(404);
  });

  it("never lists, edits, orders or detaches another organization's media", async () => {
    const entityId = await createEntity(t.app, { slug: "own-library" });
    const asset = await upload("own-library.png", "mine");
    const attachment = (
      await call(t.app, "POST", "/api/media/attach", { body: { entityId, mediaAssetId: asset.id, role: "image" } })
    ).body.data as { id: string };
    const listed = await call(t.app, "GET", "/api/media?limit=100", { actor: otherOrgAdmin });
    expect(listed.body.data.map((row: { id: string }) => row.id)).not.toContain(asset.id);
    const attempts = await Promise.all([
      call(t.app, "PATCH", `/api/media/${asset.id}`, { actor: otherOrgAdmin, body: { alt: "theirs" } }),
      call(t.app, "POST", "/api/media/attachments/order", {
        actor: otherOrgAdmin,
        body: { entityId, attachmentIds: [attachment.id] },
      }),
      call(t.app, "DELETE", `/api/media/attachments/${attachment.id}`, { actor: otherOrgAdmin }),
    ]);
    for (const response of attempts) expect(response.status).toBe(404);
    const entity = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=media`);
    expect(entity.body.data.media).toEqual([expect.objectContaining({ id: attachment.id, alt: "mine" })]);
  });
});
