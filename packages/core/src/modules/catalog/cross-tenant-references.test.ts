import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { PNG, uploadMedia } from "../media/testing.js";
import { call, createEntity, otherOrgAdmin } from "./catalog-test-helpers.js";

/** Every table of catalog, inventory, media and search, plus the event log their writes append to. */
const TABLES = [
  "catalog_entities",
  "catalog_entity_attributes",
  "catalog_categories",
  "catalog_brands",
  "catalog_entity_categories",
  "catalog_entity_brands",
  "catalog_option_types",
  "catalog_option_values",
  "catalog_variants",
  "catalog_field_definitions",
  "catalog_custom_field_values",
  "catalog_field_ownership",
  "inventory_warehouses",
  "inventory_levels",
  "inventory_adjustments",
  "inventory_reservations",
  "media_assets",
  "media_attachments",
  "search_documents",
  "domain_events",
] as const;

/** A fingerprint of every row of every table: equal fingerprints mean nothing was written. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const entries = await Promise.all(
    TABLES.map(async (table) => {
      const result = await sql<{ fingerprint: string }>`
        select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as fingerprint
        from ${sql.table(table)} x`.execute(t.db);
      return [table, result.rows[0]?.fingerprint ?? ""] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The other organization points its own resources at ours (a category, a variant, a warehouse, an asset):
 * the reference must be as unknown to it as the resource itself, so every such write is a 404 that writes
 * nothing, and no read reveals our rows.
 */
describe("references across organizations", () => {
  let t: TestApp;
  let directory: string;
  const own = {} as {
    entityId: string;
    categoryId: string;
    brandId: string;
    optionValueId: string;
    variantId: string;
    warehouseId: string;
    assetId: string;
    reservationId: string;
  };
  const foreign = {} as { entityId: string; categoryId: string; assetId: string; warehouseId: string };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-tenant-"));
    t = await createTestApp({
      config: { search: { adapter: "postgres" }, media: { directory, signingSecret: "tenant-secret" } },
    });
    await call(t.app, "POST", "/api/admin/entity-field-definitions", {
      body: { entityType: "product", name: "color", dataType: "string", filterable: true },
    });
    own.categoryId = (
      await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Ours", slug: "ours" } })
    ).body.data.id;
    own.brandId = (
      await call(t.app, "POST", "/api/catalog/brands", { body: { name: "Ours", slug: "ours" } })
    ).body.data.id;
    own.warehouseId = (
      await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Ours", code: "ours" } })
    ).body.data.id;
    own.entityId = await createEntity(t.app, {
      slug: "our-shirt",
      attributes: { en: { title: "Our shirt" } },
      customFields: { color: "red" },
    });
    await call(t.app, "POST", `/api/catalog/entities/${own.entityId}/brands/${own.brandId}`);
    const option = await call(t.app, "POST", `/api/catalog/entities/${own.entityId}/options`, {
      body: { name: "Size", values: ["M"] },
    });
    own.optionValueId = option.body.data.values[0].id;
    own.variantId = (
      await call(t.app, "POST", `/api/catalog/entities/${own.entityId}/variants`, {
        body: { optionValueIds: [own.optionValueId] },
      })
    ).body.data.id;
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId: own.entityId, warehouseId: own.warehouseId, type: "restock", quantity: 5 },
    });
    own.reservationId = (
      await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: own.entityId, quantity: 1 } })
    ).body.data.id;
    own.assetId = (await uploadMedia(t.app, [{ name: "file", value: PNG, filename: "ours.png" }])).body.data.id;

    foreign.entityId = await createEntity(
      t.app,
      { slug: "their-shirt", attributes: { en: { title: "Their shirt" } } },
      otherOrgAdmin,
    );
    foreign.categoryId = (
      await call(t.app, "POST", "/api/catalog/categories", {
        actor: otherOrgAdmin,
        body: { name: "Theirs", slug: "theirs" },
      })
    ).body.data.id;
    foreign.warehouseId = (
      await call(t.app, "POST", "/api/inventory/warehouses", {
        actor: otherOrgAdmin,
        body: { name: "Theirs", code: "theirs" },
      })
    ).body.data.id;
    foreign.assetId = (
      await uploadMedia(t.app, [{ name: "file", value: PNG, filename: "theirs.png" }], otherOrgAdmin)
    ).body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("refuses with 404, writing nothing, every write of theirs that names a row of ours", async () => {
    const before = await snapshot(t);
    const as = { actor: otherOrgAdmin };
    const attempts: [string, Promise<{ status: number; body: unknown }>][] = [
      [
        "attach our category to their entity",
        call(t.app, "POST", `/api/catalog/entities/${foreign.entityId}/categories/${own.categoryId}`, as),
      ],
      [
        "attach our brand to their entity",
        call(t.app, "POST", `/api/catalog/entities/${foreign.entityId}/brands/${own.brandId}`, as),
      ],
      [
        "detach our brand from their entity",
        call(t.app, "DELETE", `/api/catalog/entities/${foreign.entityId}/brands/${own.brandId}`, as),
      ],
      [
        "a category under our category",
        call(t.app, "POST", "/api/catalog/categories", {
          ...as,
          body: { name: "Child", slug: "child", parentId: own.categoryId },
        }),
      ],
      [
        "move their category under ours",
        call(t.app, "PATCH", `/api/catalog/categories/${foreign.categoryId}`, {
          ...as,
          body: { parentId: own.categoryId },
        }),
      ],
      [
        "ownership of our variant on their entity",
        call(t.app, "PUT", `/api/catalog/entities/${foreign.entityId}/field-ownership`, {
          ...as,
          body: { fieldPath: "sku", owner: "store", variantId: own.variantId },
        }),
      ],
      [
        "quick variant seeding stock in our warehouse",
        call(t.app, "POST", `/api/catalog/entities/${foreign.entityId}/variants/quick`, {
          ...as,
          body: { options: { Size: "L" }, warehouseId: own.warehouseId },
        }),
      ],
      [
        "reserve in our warehouse",
        call(t.app, "POST", "/api/inventory/reserve", {
          ...as,
          body: { entityId: foreign.entityId, warehouseId: own.warehouseId, quantity: 1 },
        }),
      ],
      [
        "check their entity beside ours",
        call(t.app, "GET", `/api/inventory/check?entityIds=${foreign.entityId},${own.entityId}`, as),
      ],
      [
        "attach our asset to their entity",
        call(t.app, "POST", "/api/media/attach", {
          ...as,
          body: { entityId: foreign.entityId, mediaAssetId: own.assetId, role: "gallery" },
        }),
      ],
      [
        "attach their asset to our variant",
        call(t.app, "POST", "/api/media/attach", {
          ...as,
          body: {
            entityId: foreign.entityId,
            mediaAssetId: foreign.assetId,
            role: "gallery",
            variantId: own.variantId,
          },
        }),
      ],
      [
        "an approval on our entity",
        call(t.app, "POST", `/api/catalog/entities/our-shirt/custom-fields/color/approve`, as),
      ],
      ["our entity deleted by slug", call(t.app, "DELETE", "/api/catalog/entities/our-shirt", as)],
    ];
    for (const [name, attempt] of attempts) {
      const response = await attempt;
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(404);
    }
    const derived = await uploadMedia(
      t.app,
      [
        { name: "file", value: PNG, filename: "copy.png" },
        { name: "derivedFromAssetId", value: own.assetId },
      ],
      otherOrgAdmin,
    );
    expect(derived.status, "an upload derived from our asset").toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses to build their variant from our option values, writing nothing", async () => {
    const before = await snapshot(t);
    const response = await call(t.app, "POST", `/api/catalog/entities/${foreign.entityId}/variants`, {
      actor: otherOrgAdmin,
      body: { optionValueIds: [own.optionValueId] },
    });
    // The same answer as for a value of another entity of their own: the ids are not values of this entity.
    expect(response.status).toBe(422);
    expect(await snapshot(t)).toEqual(before);
  });

  it("reveals none of our rows through filters, facets, includes or queues", async () => {
    const as = { actor: otherOrgAdmin };
    expect((await call(t.app, "GET", `/api/search?brand=${own.brandId}`, as)).body.data).toEqual([]);
    expect((await call(t.app, "GET", "/api/search?attr.color=red", as)).body.data).toEqual([]);
    expect((await call(t.app, "GET", "/api/search?q=shirt&facets=color,brand", as)).body.meta.facets).toEqual({
      color: {},
      brand: {},
    });
    expect((await call(t.app, "GET", `/api/catalog/entities?brand=${own.brandId}`, as)).body.data).toEqual([]);
    expect((await call(t.app, "GET", `/api/catalog/categories?parentId=${own.categoryId}`, as)).body.data).toEqual([]);
    const theirs = await call(
      t.app,
      "GET",
      `/api/catalog/entities/${foreign.entityId}?include=attributes,variants,optionTypes,categories,brands,media,inventory,customFields`,
      as,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({
      variants: [],
      optionTypes: [],
      categories: [],
      brands: [],
      media: [],
      customFields: [],
    });
    expect((await call(t.app, "GET", "/api/admin/custom-field-proposals?entityType=product", as)).body.data).toEqual(
      [],
    );
    expect((await call(t.app, "GET", `/api/media/${own.assetId}?signed=true`, as)).status).toBe(404);
    expect(
      (await call(t.app, "POST", "/api/inventory/release", { ...as, body: { reservationId: own.reservationId } }))
        .status,
    ).toBe(404);
  });
});

/** Bad input on every write route of catalog, inventory and media: 422 VALIDATION_FAILED, nothing written. */
describe("bad input on every write route", () => {
  let t: TestApp;
  let directory: string;
  const ids = {} as {
    entityId: string;
    categoryId: string;
    brandId: string;
    optionTypeId: string;
    definitionId: string;
    warehouseId: string;
    assetId: string;
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-invalid-"));
    t = await createTestApp({
      config: { search: { adapter: "postgres" }, media: { directory, signingSecret: "invalid-secret" } },
    });
    ids.definitionId = (
      await call(t.app, "POST", "/api/admin/entity-field-definitions", {
        body: { entityType: "product", name: "color", dataType: "string" },
      })
    ).body.data.id;
    ids.categoryId = (
      await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Shirts", slug: "shirts" } })
    ).body.data.id;
    ids.brandId = (
      await call(t.app, "POST", "/api/catalog/brands", { body: { name: "Acme", slug: "acme" } })
    ).body.data.id;
    ids.warehouseId = (
      await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Main", code: "main" } })
    ).body.data.id;
    ids.entityId = await createEntity(t.app, { slug: "subject", customFields: { color: "red" } });
    ids.optionTypeId = (
      await call(t.app, "POST", `/api/catalog/entities/${ids.entityId}/options`, {
        body: { name: "Size", values: ["M"] },
      })
    ).body.data.id;
    ids.assetId = (await uploadMedia(t.app, [{ name: "file", value: PNG, filename: "a.png" }])).body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("answers 422 VALIDATION_FAILED and writes nothing", async () => {
    const e = `/api/catalog/entities/${ids.entityId}`;
    const cases: [string, "POST" | "PUT" | "PATCH", string, unknown][] = [
      ["entity status", "PATCH", e, { status: "live" }],
      ["entity slug", "PATCH", e, { slug: "Not A Slug" }],
      ["entity metadata", "PATCH", e, { metadata: "flat" }],
      ["entity custom field type", "PATCH", e, { customFields: { color: 5 } }],
      ["entity unknown custom field", "PATCH", e, { customFields: { nope: "x" } }],
      ["attribute type", "PUT", `${e}/attributes/en`, { title: 42 }],
      ["attribute locale", "PUT", `${e}/attributes/EN_us`, { title: "x" }],
      ["category slug", "POST", "/api/catalog/categories", { name: "x", slug: "Bad Slug" }],
      ["category own parent", "PATCH", `/api/catalog/categories/${ids.categoryId}`, { parentId: ids.categoryId }],
      ["category empty name", "PATCH", `/api/catalog/categories/${ids.categoryId}`, { name: "" }],
      ["brand name", "POST", "/api/catalog/brands", { slug: "no-name" }],
      ["brand slug", "PATCH", `/api/catalog/brands/${ids.brandId}`, { slug: "Bad Slug" }],
      ["option type name", "POST", `${e}/options`, { name: "" }],
      ["option value", "POST", `/api/catalog/options/${ids.optionTypeId}/values`, { value: "" }],
      ["variant values", "POST", `${e}/variants`, { optionValueIds: "M" }],
      ["variant unknown value", "POST", `${e}/variants`, { optionValueIds: ["00000000-0000-4000-8000-000000000000"] }],
      ["generate type ids", "POST", `${e}/variants/generate`, { optionTypeIds: ["x"] }],
      ["quick without options", "POST", `${e}/variants/quick`, { options: {} }],
      [
        "bulk duplicate axes",
        "POST",
        `${e}/variants/bulk`,
        {
          axes: [
            { name: "Size", values: ["S"] },
            { name: "Size", values: ["L"] },
          ],
        },
      ],
      ["bulk empty axis", "POST", `${e}/variants/bulk`, { axes: [{ name: "Size", values: [] }] }],
      ["proposal value", "POST", `${e}/custom-fields/color/proposals`, { value: 5 }],
      ["field ownership owner", "PUT", `${e}/field-ownership`, { fieldPath: "title", owner: "nobody" }],
      [
        "definition data type",
        "POST",
        "/api/admin/entity-field-definitions",
        { entityType: "product", name: "size", dataType: "colour" },
      ],
      ["definition update", "PATCH", `/api/admin/entity-field-definitions/${ids.definitionId}`, { filterable: "yes" }],
      ["warehouse code", "POST", "/api/inventory/warehouses", { name: "x", code: "Not OK" }],
      [
        "adjust type",
        "POST",
        "/api/inventory/adjust",
        { entityId: ids.entityId, warehouseId: ids.warehouseId, type: "theft", quantity: 1 },
      ],
      ["reserve quantity", "POST", "/api/inventory/reserve", { entityId: ids.entityId, quantity: 0 }],
      ["reserve ttl", "POST", "/api/inventory/reserve", { entityId: ids.entityId, quantity: 1, ttlSeconds: -1 }],
      ["release id", "POST", "/api/inventory/release", { reservationId: "nope" }],
      ["convert id", "POST", "/api/inventory/convert", {}],
      [
        "attach sort order",
        "POST",
        "/api/media/attach",
        { entityId: ids.entityId, mediaAssetId: ids.assetId, role: "gallery", sortOrder: "first" },
      ],
      ["attach role", "POST", "/api/media/attach", { entityId: ids.entityId, mediaAssetId: ids.assetId, role: "" }],
    ];
    const before = await snapshot(t);
    for (const [name, method, url, body] of cases) {
      const response = await call(t.app, method, url, { body });
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(422);
      expect(response.body.error.code, name).toBe("VALIDATION_FAILED");
    }
    for (const [name, method, url] of [
      ["approve locale", "POST", `${e}/custom-fields/color/approve?locale=EN!`],
      ["reject locale", "POST", `${e}/custom-fields/color/reject?locale=EN!`],
      ["check ids", "GET", "/api/inventory/check?entityIds=1,2"],
      ["check without ids", "GET", "/api/inventory/check"],
    ] as const) {
      const response = await call(t.app, method, url);
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(422);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
