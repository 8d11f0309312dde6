import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  testStaffActor,
  type TestApp,
} from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "./catalog-test-helpers.js";

const editor = createTestActor({
  id: "editor",
  permissions: ["catalog:read", "catalog:read:unpublished", "catalog:create", "catalog:update"],
});
const syncer = createTestActor({
  id: "syncer",
  permissions: ["catalog:read", "catalog:read:unpublished", "catalog:create", "catalog:update", "catalog:sync"],
});

async function defineFields(t: TestApp) {
  const definitions = [
    { entityType: "product", name: "material", dataType: "string", filterable: true },
    { entityType: "product", name: "weight", dataType: "number" },
    { entityType: "product", name: "gtin", dataType: "string", required: true },
    { entityType: "product", name: "fit", dataType: "enum", options: ["slim", "regular"] },
  ];
  const ids: Record<string, string> = {};
  for (const body of definitions) {
    const response = await call(t.app, "POST", "/api/admin/entity-field-definitions", { body });
    expect(response.status).toBe(201);
    ids[body.name] = response.body.data.id;
  }
  return ids;
}

const liveValues = async (t: TestApp, id: string) => {
  const entity = await call(t.app, "GET", `/api/catalog/entities/${id}?include=customFields`);
  return Object.fromEntries(
    entity.body.data.customFields.map((row: { fieldName: string; value: unknown }) => [row.fieldName, row.value]),
  );
};

describe("custom fields", () => {
  let t: TestApp;
  let definitionIds: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    definitionIds = await defineFields(t);
  });
  afterAll(() => t.close());

  it("lists, updates and archives definitions; there is no delete; a duplicate name is a 409", async () => {
    const list = await call(t.app, "GET", "/api/admin/entity-field-definitions?entityType=product");
    expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(["fit", "gtin", "material", "weight"]);
    expect(
      (
        await call(t.app, "POST", "/api/admin/entity-field-definitions", {
          body: { entityType: "product", name: "weight", dataType: "number" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(t.app, "POST", "/api/admin/entity-field-definitions", {
          body: { entityType: "product", name: "bad name", dataType: "string" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, "POST", "/api/admin/entity-field-definitions", {
          body: { entityType: "product", name: "color", dataType: "enum" },
        })
      ).status,
    ).toBe(422);
    const updated = await call(t.app, "PATCH", `/api/admin/entity-field-definitions/${definitionIds.weight}`, {
      body: { label: "Weight (g)" },
    });
    expect(updated.body.data).toMatchObject({ label: "Weight (g)", dataType: "number" });
    const legacy = await call(t.app, "POST", "/api/admin/entity-field-definitions", {
      body: { entityType: "product", name: "legacy", dataType: "string" },
    });
    const archived = await call(t.app, "POST", `/api/admin/entity-field-definitions/${legacy.body.data.id}/archive`);
    expect(archived.body.data.archivedAt).toEqual(expect.any(String));
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/admin/entity-field-definitions/${legacy.body.data.id}`,
          headers: { "x-test-actor": JSON.stringify(testStaffActor) },
        })
      ).statusCode,
    ).toBe(404);
    const refused = await call(t.app, "POST", "/api/catalog/entities", {
      body: { type: "product", slug: "uses-legacy", customFields: { gtin: "1", legacy: "x" } },
    });
    expect(refused.status).toBe(422);
    expect(
      (
        await call(t.app, "GET", "/api/admin/entity-field-definitions", {
          actor: createTestActor({ permissions: ["catalog:read"] }),
        })
      ).status,
    ).toBe(403);
  });

  // Regression: the answers carried only isFilterable/isRequired, so a client that created a definition
  // with `filterable: true` (the spec's name) read it back without `filterable`.
  it("answers filterable and required under the names they were set with, on every definition route", async () => {
    const list = await call(t.app, "GET", "/api/admin/entity-field-definitions?entityType=product");
    const byName = (name: string) => list.body.data.find((definition: { name: string }) => definition.name === name);
    expect(byName("material")).toMatchObject({
      filterable: true,
      required: false,
      isFilterable: true,
      isRequired: false,
    });
    expect(byName("gtin")).toMatchObject({ filterable: false, required: true });

    const created = await call(t.app, "POST", "/api/admin/entity-field-definitions", {
      body: { entityType: "product", name: "season", dataType: "string", filterable: true },
    });
    expect(created.body.data).toMatchObject({ filterable: true, required: false });
    const updated = await call(t.app, "PATCH", `/api/admin/entity-field-definitions/${created.body.data.id}`, {
      body: { filterable: false, required: true },
    });
    expect(updated.body.data).toMatchObject({
      filterable: false,
      required: true,
      isFilterable: false,
      isRequired: true,
    });
    const archived = await call(t.app, "POST", `/api/admin/entity-field-definitions/${created.body.data.id}/archive`);
    expect(archived.body.data).toMatchObject({ filterable: false, required: true });
  });

  it("validates customFields on create against the definitions and writes nothing when invalid", async () => {
    const before = (await sql<{ count: number }>`select count(*)::int as count from catalog_entities`.execute(t.db))
      .rows[0]?.count;
    for (const customFields of [
      { material: "wool" },
      { gtin: "1", weight: "heavy" },
      { gtin: "1", fit: "baggy" },
      { gtin: "1", unknown: 1 },
      { gtin: null },
    ]) {
      const response = await call(t.app, "POST", "/api/catalog/entities", {
        body: { type: "product", slug: "invalid-fields", customFields },
      });
      expect(response.status, JSON.stringify(customFields)).toBe(422);
    }
    expect(
      (await sql<{ count: number }>`select count(*)::int as count from catalog_entities`.execute(t.db)).rows[0]?.count,
    ).toBe(before);
  });

  it("treats customFields on update as a patch: null clears, omitted keys stay, required ones cannot be cleared", async () => {
    const id = await createEntity(t.app, {
      slug: "patched",
      customFields: { gtin: "400", material: "cotton", weight: 120 },
    });
    await call(t.app, "PATCH", `/api/catalog/entities/${id}`, {
      body: { customFields: { weight: null, fit: "slim" } },
    });
    expect(await liveValues(t, id)).toEqual({ gtin: "400", material: "cotton", fit: "slim" });
    await call(t.app, "PATCH", `/api/catalog/entities/${id}`, { body: { metadata: { x: 1 } } });
    expect(await liveValues(t, id)).toEqual({ gtin: "400", material: "cotton", fit: "slim" });
    const cleared = await call(t.app, "PATCH", `/api/catalog/entities/${id}`, {
      body: { customFields: { gtin: null } },
    });
    expect(cleared.status).toBe(422);
    expect(
      (await call(t.app, "PATCH", `/api/catalog/entities/${id}`, { body: { customFields: { weight: "x" } } })).status,
    ).toBe(422);
    expect(await liveValues(t, id)).toEqual({ gtin: "400", material: "cotton", fit: "slim" });
  });

  it("keeps provenance on approved rows", async () => {
    const id = await createEntity(t.app, { slug: "provenance", customFields: { gtin: "1" } }, editor);
    const entity = await call(t.app, "GET", `/api/catalog/entities/${id}?include=customFields`);
    expect(entity.body.data.customFields).toEqual([
      expect.objectContaining({
        fieldName: "gtin",
        value: "1",
        locale: "en",
        status: "approved",
        source: "merchant",
        setBy: "editor",
        setByType: "user",
        createdAt: expect.any(String),
      }),
    ]);
  });

  it("approves the newest proposal (displacing the live value) and rejects, per locale, with a queue", async () => {
    const id = await createEntity(t.app, { slug: "proposed", customFields: { gtin: "1", material: "cotton" } });
    const propose = (value: unknown, locale = "en") =>
      call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/proposals`, {
        actor: editor,
        body: { value, locale, source: "generated" },
      });
    expect((await propose("linen")).status).toBe(201);
    expect((await propose("silk")).status).toBe(201);
    expect((await propose("Seide", "de")).status).toBe(201);
    expect((await propose(42)).status).toBe(422);
    const queue = await call(t.app, "GET", "/api/admin/custom-field-proposals?entityType=product");
    expect(queue.body.meta.pagination.total).toBe(3);
    // One entity's queue: its own proposals only, none through another organization, a bad id a 422.
    const otherId = await createEntity(t.app, { slug: "proposed-elsewhere", customFields: { gtin: "2" } });
    expect(
      (
        await call(t.app, "POST", `/api/catalog/entities/${otherId}/custom-fields/material/proposals`, {
          actor: editor,
          body: { value: "wool", source: "generated" },
        })
      ).status,
    ).toBe(201);
    const ofEntity = await call(t.app, "GET", `/api/admin/custom-field-proposals?entityId=${id}`);
    expect(ofEntity.body.meta.pagination.total).toBe(3);
    expect(new Set(ofEntity.body.data.map((p: { entitySlug: string }) => p.entitySlug))).toEqual(new Set(["proposed"]));
    const ofOther = await call(
      t.app,
      "GET",
      `/api/admin/custom-field-proposals?entityId=${otherId}&entityType=product`,
    );
    expect(ofOther.body.data.map((p: { value: unknown }) => p.value)).toEqual(["wool"]);
    const foreign = await call(t.app, "GET", `/api/admin/custom-field-proposals?entityId=${id}`, {
      actor: otherOrgAdmin,
    });
    expect(foreign.body.data).toEqual([]);
    expect((await call(t.app, "GET", "/api/admin/custom-field-proposals?entityId=proposed")).status).toBe(422);
    await call(t.app, "POST", `/api/catalog/entities/${otherId}/custom-fields/material/reject`, { actor: editor });
    expect(queue.body.data[0]).toMatchObject({
      entitySlug: "proposed",
      entityType: "product",
      fieldName: "material",
      status: "pending",
      value: "linen",
    });
    const approved = await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/approve`, {
      actor: editor,
    });
    expect(approved.body.data).toMatchObject({
      value: "silk",
      status: "approved",
      source: "generated",
      decidedBy: "editor",
    });
    expect((await liveValues(t, id)).material).toBe("silk");
    const rejected = await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/reject?locale=de`);
    expect(rejected.body.data).toMatchObject({ value: "Seide", status: "rejected" });
    expect((await call(t.app, "GET", "/api/admin/custom-field-proposals")).body.data).toEqual([]);
    expect((await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/approve`)).status).toBe(404);
    const history = await sql<{
      status: string;
      value: string;
    }>`select status, value from catalog_custom_field_values where entity_id = ${id} and field_name = 'material' order by sequence`.execute(
      t.db,
    );
    expect(history.rows.map((row) => [row.value, row.status])).toEqual([
      ["cotton", "superseded"],
      ["linen", "superseded"],
      ["silk", "approved"],
      ["Seide", "rejected"],
    ]);
  });

  it("needs catalog:sync to approve or set ownership on store-sourced entities", async () => {
    expect(
      (
        await call(t.app, "POST", "/api/catalog/entities", {
          actor: editor,
          body: { type: "product", slug: "store-no-sync", source: "store", customFields: { gtin: "1" } },
        })
      ).status,
    ).toBe(403);
    const id = await createEntity(
      t.app,
      { slug: "from-store", source: "store", sourceStoreId: "shop-1", customFields: { gtin: "1" } },
      syncer,
    );
    await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/proposals`, {
      actor: editor,
      body: { value: "hemp" },
    });
    expect(
      (await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/approve`, { actor: editor }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
          actor: editor,
          body: { fieldPath: "title", owner: "store" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/approve`, { actor: syncer }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
          actor: syncer,
          body: { fieldPath: "title", owner: "store" },
        })
      ).status,
    ).toBe(200);
  });

  it("reads and writes field ownership rows per store and variant", async () => {
    const id = await createEntity(t.app, { slug: "owned", customFields: { gtin: "1" } });
    const variant = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/quick`, {
      body: { options: { Size: "M" } },
    });
    await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
      body: { fieldPath: "attributes.title", owner: "platform" },
    });
    await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
      body: { fieldPath: "attributes.title", owner: "store", storeId: "shop-1" },
    });
    const updated = await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
      body: { fieldPath: "attributes.title", owner: "shared", storeId: "shop-1" },
    });
    expect(updated.body.data).toMatchObject({ owner: "shared", storeId: "shop-1", variantId: null });
    await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
      body: { fieldPath: "sku", owner: "store", storeId: "shop-2", variantId: variant.body.data.id },
    });
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}/field-ownership`)).body.data).toHaveLength(3);
    const shop1 = await call(t.app, "GET", `/api/catalog/entities/${id}/field-ownership?storeId=shop-1`);
    expect(shop1.body.data.map((row: { owner: string }) => row.owner).sort()).toEqual(["platform", "shared"]);
    expect(
      (
        await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
          body: { fieldPath: "x", owner: "nobody" },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
          body: { fieldPath: "x", owner: "store", variantId: "00000000-0000-4000-8000-000000000000" },
        })
      ).status,
    ).toBe(404);
  });

  it("keeps definitions, proposals and ownership of one organization away from another", async () => {
    const id = await createEntity(t.app, { slug: "tenant-fields", customFields: { gtin: "9" } });
    await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/proposals`, {
      body: { value: "jute" },
    });
    await call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
      body: { fieldPath: "title", owner: "platform" },
    });
    const attempts = await Promise.all([
      call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/proposals`, {
        actor: otherOrgAdmin,
        body: { value: "x" },
      }),
      call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/approve`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/reject`, { actor: otherOrgAdmin }),
      call(t.app, "GET", `/api/catalog/entities/${id}/field-ownership`, { actor: otherOrgAdmin }),
      call(t.app, "PUT", `/api/catalog/entities/${id}/field-ownership`, {
        actor: otherOrgAdmin,
        body: { fieldPath: "title", owner: "store" },
      }),
      call(t.app, "PATCH", `/api/admin/entity-field-definitions/${definitionIds.material}`, {
        actor: otherOrgAdmin,
        body: { label: "stolen" },
      }),
      call(t.app, "POST", `/api/admin/entity-field-definitions/${definitionIds.material}/archive`, {
        actor: otherOrgAdmin,
      }),
    ]);
    for (const response of attempts) expect(response.status).toBe(404);
    expect((await call(t.app, "GET", "/api/admin/custom-field-proposals", { actor: otherOrgAdmin })).body.data).toEqual(
      [],
    );
    expect(
      (await call(t.app, "GET", "/api/admin/entity-field-definitions", { actor: otherOrgAdmin })).body.data,
    ).toEqual([]);
    const material = (
      await call(t.app, "GET", "/api/admin/entity-field-definitions?entityType=product")
    ).body.data.find((d: { name: string }) => d.name === "material");
    expect(material).toMatchObject({ label: null, archivedAt: null });
    expect(
      (await call(t.app, "GET", "/api/admin/custom-field-proposals")).body.data.map((p: { value: unknown }) => p.value),
    ).toEqual(["jute"]);
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}/field-ownership`)).body.data).toEqual([
      expect.objectContaining({ owner: "platform" }),
    ]);
  });
});

describe.runIf(isPostgresTestRun())("custom fields under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await defineFields(t);
  });
  afterAll(() => t.close());

  it("keeps one consistent live value when approvals race direct updates", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createEntity(t.app, { slug: `race-${round}`, customFields: { gtin: "1", material: "start" } });
      await call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/proposals`, {
        body: { value: "proposed" },
      });
      const [approval, update] = await Promise.all([
        call(t.app, "POST", `/api/catalog/entities/${id}/custom-fields/material/approve`),
        call(t.app, "PATCH", `/api/catalog/entities/${id}`, { body: { customFields: { material: "direct" } } }),
      ]);
      expect(approval.status).toBe(200);
      expect(update.status).toBe(200);
      const live = await sql<{
        value: string;
      }>`select value from catalog_custom_field_values where entity_id = ${id} and field_name = 'material' and status = 'approved'`.execute(
        t.db,
      );
      expect(live.rows).toHaveLength(1);
      expect(["proposed", "direct"]).toContain(live.rows[0]?.value);
      expect((await liveValues(t, id)).material).toBe(live.rows[0]?.value);
    }
  });
});
