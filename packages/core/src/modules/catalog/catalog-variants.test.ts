import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "./catalog-test-helpers.js";

describe("catalog options and variants", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates option types and values, then one variant from values; a repeated combination is a 409", async () => {
    const id = await createEntity(t.app, { slug: "tee" });
    const color = await call(t.app, "POST", `/api/catalog/entities/${id}/options`, {
      body: { name: "Color", values: ["Red"] },
    });
    expect(color.status).toBe(201);
    const blue = await call(t.app, "POST", `/api/catalog/options/${color.body.data.id}/values`, {
      body: { value: "Blue" },
    });
    expect(blue.status).toBe(201);
    expect(
      (await call(t.app, "POST", `/api/catalog/options/${color.body.data.id}/values`, { body: { value: "Blue" } }))
        .status,
    ).toBe(409);
    expect((await call(t.app, "POST", `/api/catalog/entities/${id}/options`, { body: { name: "Color" } })).status).toBe(
      409,
    );
    const variant = await call(t.app, "POST", `/api/catalog/entities/${id}/variants`, {
      body: { sku: "TEE-BLUE", optionValueIds: [blue.body.data.id] },
    });
    expect(variant.status).toBe(201);
    expect(variant.body.data).toMatchObject({ sku: "TEE-BLUE", options: { Color: "Blue" } });
    expect(
      (
        await call(t.app, "POST", `/api/catalog/entities/${id}/variants`, {
          body: { optionValueIds: [blue.body.data.id] },
        })
      ).status,
    ).toBe(409);
    const red = color.body.data.values[0].id;
    const twoOfOneType = await call(t.app, "POST", `/api/catalog/entities/${id}/variants`, {
      body: { optionValueIds: [red, blue.body.data.id] },
    });
    expect(twoOfOneType.status).toBe(422);
  });

  // The variants include is built as JSON by PostgreSQL (created_at formatted in SQL): it must answer
  // exactly what the variant routes (through Kysely and Date#toISOString) answer.
  it("answers the same variant through include=variants as the route that created it, JSON keys as stored", async () => {
    const id = await createEntity(t.app, { slug: "include-parity" });
    const size = await call(t.app, "POST", `/api/catalog/entities/${id}/options`, {
      body: { name: "Size_Class", values: ["x_large"] },
    });
    const metadata = { warehouse_code: "w_1", nested_value: { inner_key: [{ deep_key: 1 }, "keep_me"] }, plain: true };
    const created = await call(t.app, "POST", `/api/catalog/entities/${id}/variants`, {
      body: { sku: "PARITY-1", optionValueIds: [size.body.data.values[0].id], metadata },
    });
    expect(created.status).toBe(201);
    const read = await call(t.app, "GET", `/api/catalog/entities/${id}?include=variants`);
    expect(read.status).toBe(200);
    expect(read.body.data.variants).toEqual([created.body.data]);
    expect(created.body.data).toMatchObject({ options: { Size_Class: "x_large" }, metadata });
    const listed = await call(t.app, "GET", `/api/catalog/entities?include=variants&sort=createdAt:desc&limit=1`);
    expect(listed.body.data[0]).toMatchObject({ id });
    expect(listed.body.data[0].variants).toEqual([created.body.data]);
    expect(read.body.data.variants[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("generates the option matrix, skipping existing combinations", async () => {
    const id = await createEntity(t.app, { slug: "hoodie" });
    await call(t.app, "POST", `/api/catalog/entities/${id}/options`, {
      body: { name: "Size", values: ["S", "M", "L"] },
    });
    await call(t.app, "POST", `/api/catalog/entities/${id}/options`, {
      body: { name: "Color", values: ["Red", "Blue"] },
    });
    const first = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/generate`, { body: {} });
    expect(first.status).toBe(201);
    expect(first.body.data.created).toHaveLength(6);
    const again = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/generate`, { body: {} });
    expect(again.body.data).toEqual({ created: [], skipped: 6 });
  });

  it("quick-creates a variant with inline axes (201), answers 200 when it exists, and seeds zero stock", async () => {
    const id = await createEntity(t.app, { slug: "quick-cap" });
    const created = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/quick`, {
      body: { options: { Color: "Green", Size: "One" }, sku: "CAP-G" },
    });
    expect(created.status).toBe(201);
    const existing = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/quick`, {
      body: { options: { Size: "One", Color: "Green" } },
    });
    expect(existing.status).toBe(200);
    expect(existing.body.data.id).toBe(created.body.data.id);
    const stock = await call(t.app, "GET", `/api/inventory/check?entityIds=${id}`);
    expect(stock.body.data[0]).toMatchObject({ entityId: id, available: 0, onHand: 0 });
    expect(stock.body.data[0].levels).toEqual([
      expect.objectContaining({ variantId: created.body.data.id, onHand: 0, available: 0 }),
    ]);
  });

  it("bulk-creates the cartesian matrix from axes, skipping existing combinations", async () => {
    const id = await createEntity(t.app, { slug: "bulk-sock" });
    await call(t.app, "POST", `/api/catalog/entities/${id}/variants/quick`, {
      body: { options: { Size: "S", Color: "Red" } },
    });
    const bulk = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/bulk`, {
      body: {
        axes: [
          { name: "Size", values: ["S", "M"] },
          { name: "Color", values: ["Red", "Blue", "Black"] },
        ],
      },
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.data.skipped).toBe(1);
    expect(bulk.body.data.created).toHaveLength(5);
    const entity = await call(t.app, "GET", `/api/catalog/entities/${id}?include=variants,optionTypes`);
    expect(entity.body.data.variants).toHaveLength(6);
    expect(
      entity.body.data.optionTypes.map((type: { name: string; values: unknown[] }) => [type.name, type.values.length]),
    ).toEqual([
      ["Size", 2],
      ["Color", 3],
    ]);
  });

  it("refuses a matrix that is too large with a 422 and writes nothing", async () => {
    const id = await createEntity(t.app, { slug: "too-many" });
    const values = (prefix: string) => Array.from({ length: 40 }, (_, i) => `${prefix}${i}`);
    const response = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/bulk`, {
      body: {
        axes: [
          { name: "A", values: values("a") },
          { name: "B", values: values("b") },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.message).toContain("1600 combinations");
    const counted = await sql<{
      count: number;
    }>`select count(*)::int as count from catalog_option_types where entity_id = ${id}`.execute(t.db);
    expect(counted.rows[0]?.count).toBe(0);
  });

  it("refuses to generate a matrix that is too large with a 422 and writes no variant", async () => {
    const id = await createEntity(t.app, { slug: "too-many-generated" });
    const values = (prefix: string) => Array.from({ length: 40 }, (_, i) => `${prefix}${i}`);
    await call(t.app, "POST", `/api/catalog/entities/${id}/options`, { body: { name: "A", values: values("a") } });
    await call(t.app, "POST", `/api/catalog/entities/${id}/options`, { body: { name: "B", values: values("b") } });
    const response = await call(t.app, "POST", `/api/catalog/entities/${id}/variants/generate`, { body: {} });
    expect(response.status).toBe(422);
    expect(response.body.error.message).toContain("1600 combinations");
    const counted = await sql<{
      count: number;
    }>`select count(*)::int as count from catalog_variants where entity_id = ${id}`.execute(t.db);
    expect(counted.rows[0]?.count).toBe(0);
  });

  it("never touches another organization's options or variants", async () => {
    const id = await createEntity(t.app, { slug: "tenant-variants" });
    const color = await call(t.app, "POST", `/api/catalog/entities/${id}/options`, {
      body: { name: "Color", values: ["Red"] },
    });
    const before = await call(t.app, "GET", `/api/catalog/entities/${id}?include=variants,optionTypes`);
    const attempts = await Promise.all([
      call(t.app, "POST", `/api/catalog/entities/${id}/options`, { actor: otherOrgAdmin, body: { name: "Size" } }),
      call(t.app, "POST", `/api/catalog/options/${color.body.data.id}/values`, {
        actor: otherOrgAdmin,
        body: { value: "Pink" },
      }),
      call(t.app, "POST", `/api/catalog/entities/${id}/variants`, {
        actor: otherOrgAdmin,
        body: { optionValueIds: [] },
      }),
      call(t.app, "POST", `/api/catalog/entities/${id}/variants/generate`, { actor: otherOrgAdmin, body: {} }),
      call(t.app, "POST", `/api/catalog/entities/${id}/variants/quick`, {
        actor: otherOrgAdmin,
        body: { options: { Color: "Red" } },
      }),
      call(t.app, "POST", `/api/catalog/entities/${id}/variants/bulk`, {
        actor: otherOrgAdmin,
        body: { axes: [{ name: "Color", values: ["Red"] }] },
      }),
    ]);
    for (const response of attempts) expect(response.status).toBe(404);
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}?include=variants,optionTypes`)).body.data).toEqual(
      before.body.data,
    );
  });
});
