import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  testAdminActor,
  testCustomerActor,
  testNoPermActor,
  type TestApp,
} from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "./catalog-test-helpers.js";

const countRows = async (t: TestApp, table: string) =>
  (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(t.db)).rows[0]?.count;

describe("catalog entities", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates an entity, reads it by UUID and by slug, and refuses a duplicate slug with 409", async () => {
    const created = await call(t.app, "POST", "/api/catalog/entities", {
      body: { type: "product", slug: "red-shirt", metadata: { fabric: "cotton" } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: "product",
      slug: "red-shirt",
      status: "draft",
      metadata: { fabric: "cotton" },
      source: "platform",
    });
    const id = created.body.data.id;
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}`)).body.data.slug).toBe("red-shirt");
    expect((await call(t.app, "GET", "/api/catalog/entities/red-shirt")).body.data.id).toBe(id);
    const duplicate = await call(t.app, "POST", "/api/catalog/entities", {
      body: { type: "product", slug: "red-shirt" },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("CONFLICT");
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const before = await countRows(t, "catalog_entities");
    const events = await countRows(t, "domain_events");
    for (const body of [
      { type: "product", slug: "Not A Slug" },
      { slug: "no-type" },
      { type: "product", slug: "bad-status", status: "live" },
    ]) {
      const response = await call(t.app, "POST", "/api/catalog/entities", { body });
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect(await countRows(t, "catalog_entities")).toBe(before);
    expect(await countRows(t, "domain_events")).toBe(events);
  });

  it("moves statuses with publish, archive and discontinue, emitting catalog.update", async () => {
    const id = await createEntity(t.app, { slug: "status-moves", status: "draft" });
    for (const [action, status] of [
      ["publish", "active"],
      ["archive", "archived"],
      ["discontinue", "discontinued"],
      ["publish", "active"],
    ] as const) {
      const moved = await call(t.app, "POST", `/api/catalog/entities/${id}/${action}`);
      expect(moved.status).toBe(200);
      expect(moved.body.data.status).toBe(status);
    }
    const audit = await call(t.app, "GET", `/api/audit/catalogEntity/${id}`);
    expect(audit.body.data.map((entry: { event: string }) => entry.event)).toEqual([
      "catalog.update",
      "catalog.update",
      "catalog.update",
      "catalog.update",
      "catalog.create",
    ]);
    expect(audit.body.data[0].changes).toMatchObject({
      before: { status: "discontinued" },
      after: { status: "active" },
    });
  });

  it("patches fields, deletes with catalog.delete, and answers 404 afterwards", async () => {
    const id = await createEntity(t.app, { slug: "to-delete", metadata: { a: 1 } });
    const patched = await call(t.app, "PATCH", `/api/catalog/entities/${id}`, {
      body: { slug: "to-delete-2", metadata: { b: 2 } },
    });
    expect(patched.body.data).toMatchObject({ slug: "to-delete-2", metadata: { b: 2 }, status: "active" });
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${id}`)).status).toBe(200);
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}`)).status).toBe(404);
    const events = await sql<{
      type: string;
    }>`select type from domain_events where entity_id = ${id} order by sequence`.execute(t.db);
    expect(events.rows.map((row) => row.type)).toEqual(["catalog.create", "catalog.update", "catalog.delete"]);
    const audit = await call(t.app, "GET", `/api/audit/catalogEntity/${id}`);
    expect(audit.body.data.map((entry: { event: string }) => entry.event)).toEqual([
      "catalog.delete",
      "catalog.update",
      "catalog.create",
    ]);
  });

  it("stores localized attributes per locale", async () => {
    const id = await createEntity(t.app, { slug: "localized" });
    const put = await call(t.app, "PUT", `/api/catalog/entities/${id}/attributes/de-CH`, {
      body: { title: "Hemd", seoTitle: "Hemd kaufen" },
    });
    expect(put.status).toBe(200);
    await call(t.app, "PUT", `/api/catalog/entities/${id}/attributes/en`, { body: { title: "Shirt" } });
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}/attributes/de-CH`)).body.data).toEqual({
      locale: "de-CH",
      title: "Hemd",
      description: null,
      seoTitle: "Hemd kaufen",
      seoDescription: null,
    });
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}/attributes/fr`)).status).toBe(404);
    expect(
      (await call(t.app, "PUT", `/api/catalog/entities/${id}/attributes/not_a_locale!`, { body: {} })).status,
    ).toBe(422);
    const withAttributes = await call(t.app, "GET", `/api/catalog/entities/${id}?include=attributes`);
    expect(Object.keys(withAttributes.body.data.attributes).sort()).toEqual(["de-CH", "en"]);
  });

  it("hides unpublished entities from callers without catalog:read:unpublished", async () => {
    const id = await createEntity(t.app, { slug: "hidden-draft", status: "draft" });
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}`, { actor: storefrontActor })).status).toBe(404);
    expect(
      (await call(t.app, "GET", `/api/catalog/entities/${id}/attributes/en`, { actor: testCustomerActor })).status,
    ).toBe(404);
    // Regression: field ownership rows used to be served for drafts to any catalog:read caller.
    expect(
      (await call(t.app, "GET", `/api/catalog/entities/${id}/field-ownership`, { actor: storefrontActor })).status,
    ).toBe(404);
    expect((await call(t.app, "GET", "/api/catalog/entities/hidden-draft", { actor: storefrontActor })).status).toBe(
      404,
    );
    const list = await call(t.app, "GET", "/api/catalog/entities?status=draft&limit=100", { actor: storefrontActor });
    expect(list.body.data).toEqual([]);
    const listAll = await call(t.app, "GET", "/api/catalog/entities?limit=100", { actor: storefrontActor });
    expect(listAll.body.data.every((entity: { status: string }) => entity.status === "active")).toBe(true);
    const reader = createTestActor({ permissions: ["catalog:read", "catalog:read:unpublished"] });
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}`, { actor: reader })).status).toBe(200);
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}/field-ownership`, { actor: reader })).status).toBe(
      200,
    );
  });

  it("checks permissions before input", async () => {
    expect(
      (await call(t.app, "POST", "/api/catalog/entities", { actor: testNoPermActor, body: { nonsense: true } })).status,
    ).toBe(403);
    expect((await call(t.app, "DELETE", "/api/catalog/entities/x", { actor: storefrontActor })).status).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/catalog/entities" });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (
        await call(t.app, "PATCH", "/api/catalog/entities/x", {
          actor: createTestActor({ permissions: ["catalog:read"] }),
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(testAdminActor.permissions).toContain("*:*");
  });

  it("never shows or changes another organization's entity", async () => {
    const id = await createEntity(t.app, { slug: "tenant-owned", metadata: { keep: true } });
    const snapshot = await call(t.app, "GET", `/api/catalog/entities/${id}?include=attributes`);
    const attempts = [
      call(t.app, "GET", `/api/catalog/entities/${id}`, { actor: otherOrgAdmin }),
      call(t.app, "GET", "/api/catalog/entities/tenant-owned", { actor: otherOrgAdmin }),
      call(t.app, "PATCH", `/api/catalog/entities/${id}`, {
        actor: otherOrgAdmin,
        body: { metadata: { stolen: true } },
      }),
      call(t.app, "DELETE", `/api/catalog/entities/${id}`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/catalog/entities/${id}/archive`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/catalog/entities/${id}/publish`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/catalog/entities/${id}/discontinue`, { actor: otherOrgAdmin }),
      call(t.app, "PUT", `/api/catalog/entities/${id}/attributes/en`, { actor: otherOrgAdmin, body: { title: "x" } }),
      call(t.app, "GET", `/api/catalog/entities/${id}/attributes/en`, { actor: otherOrgAdmin }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await call(t.app, "GET", "/api/catalog/entities?limit=100", { actor: otherOrgAdmin })).body.data).toEqual(
      [],
    );
    // The other organization may use the same slug: slugs are unique per organization.
    expect(
      (
        await call(t.app, "POST", "/api/catalog/entities", {
          actor: otherOrgAdmin,
          body: { type: "product", slug: "tenant-owned" },
        })
      ).status,
    ).toBe(201);
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}?include=attributes`)).body.data).toEqual(
      snapshot.body.data,
    );
  });

  it("documents every catalog, inventory, media and search route in /api/doc", async () => {
    const doc = await t.app.inject({ url: "/api/doc" });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const path of [
      "/api/catalog/entities",
      "/api/catalog/entities/{idOrSlug}",
      "/api/catalog/entities/{id}/variants/quick",
      "/api/catalog/entities/{id}/custom-fields/{fieldName}/approve",
      "/api/admin/custom-field-proposals",
      "/api/inventory/reserve",
      "/api/media/upload",
      "/api/search",
      "/api/search/suggest",
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
