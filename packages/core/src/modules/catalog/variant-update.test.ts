import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "./catalog-test-helpers.js";

const reader = createTestActor({ id: "reader", permissions: ["catalog:read", "catalog:read:unpublished"] });

/** The variant rows of an entity and the entity's event count: what a refused request must leave alone. */
async function snapshot(t: TestApp, entityId: string) {
  const variants = await sql<{ id: string; sku: string | null; position: number; metadata: unknown }>`
    select id, sku, position, metadata from catalog_variants where entity_id = ${entityId} order by id`.execute(t.db);
  const events = await sql<{ count: number }>`
    select count(*)::int as count from domain_events where entity_id = ${entityId}`.execute(t.db);
  return { variants: variants.rows, events: events.rows[0]?.count };
}

describe("PATCH /api/catalog/entities/:id/variants/:variantId", () => {
  let t: TestApp;
  let entityId: string;
  let variantIds: string[];
  const url = (variantId: string, id = entityId) => `/api/catalog/entities/${id}/variants/${variantId}`;

  beforeAll(async () => {
    t = await createTestApp();
    entityId = await createEntity(t.app, { slug: "patched-tee" });
    const bulk = await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants/bulk`, {
      body: { axes: [{ name: "Size", values: ["S", "M"] }] },
    });
    variantIds = bulk.body.data.created.map((variant: { id: string }) => variant.id);
  });
  afterAll(() => t.close());

  it("patches the SKU, metadata and position, leaving the options, with one catalog.update in the audit", async () => {
    const [small] = variantIds as [string];
    const patched = await call(t.app, "PATCH", url(small), {
      body: { sku: "TEE-S", metadata: { ean: "123" }, position: 7 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      id: small,
      sku: "TEE-S",
      metadata: { ean: "123" },
      position: 7,
      options: { Size: "S" },
    });
    // Omitted fields stay.
    const skuOnly = await call(t.app, "PATCH", url(small), { body: { sku: "TEE-SMALL" } });
    expect(skuOnly.body.data).toMatchObject({ sku: "TEE-SMALL", metadata: { ean: "123" }, position: 7 });
    // The revision-cached include and a fresh read see the change at once.
    const read = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=variants`);
    expect(read.body.data.variants.find((variant: { id: string }) => variant.id === small)).toMatchObject({
      sku: "TEE-SMALL",
    });
    const audit = await call(t.app, "GET", `/api/audit/catalogEntity/${entityId}`);
    expect(audit.body.data[0]).toMatchObject({
      event: "catalog.update",
      changes: { before: { variant: { sku: "TEE-S" } }, after: { variant: { sku: "TEE-SMALL" } } },
    });
    const cleared = await call(t.app, "PATCH", url(small), { body: { sku: null } });
    expect(cleared.body.data.sku).toBeNull();
  });

  it("answers 409 SKU_TAKEN on body.sku for a SKU another variant of the organization holds, changing nothing", async () => {
    const [small, medium] = variantIds as [string, string];
    const otherEntity = await createEntity(t.app, { slug: "other-product" });
    const taken = await call(t.app, "POST", `/api/catalog/entities/${otherEntity}/variants`, {
      body: { sku: "TAKEN-1" },
    });
    expect(taken.status).toBe(201);
    await call(t.app, "PATCH", url(small), { body: { sku: "MINE-1" } });
    const before = await snapshot(t, entityId);
    for (const sku of ["TAKEN-1", "MINE-1"]) {
      const conflict = await call(t.app, "PATCH", url(medium), { body: { sku, position: 99 } });
      expect(conflict.status).toBe(409);
      expect(conflict.body.error).toMatchObject({
        code: "CONFLICT",
        details: { reason: "SKU_TAKEN" },
        issues: [{ path: "body.sku" }],
      });
    }
    expect(await snapshot(t, entityId)).toEqual(before);
    // Its own SKU again is no conflict, and another organization may hold the same SKU.
    expect((await call(t.app, "PATCH", url(small), { body: { sku: "MINE-1" } })).status).toBe(200);
    const foreignEntity = await createEntity(t.app, { slug: "foreign-tee" }, otherOrgAdmin);
    const foreign = await call(t.app, "POST", `/api/catalog/entities/${foreignEntity}/variants`, {
      actor: otherOrgAdmin,
      body: {},
    });
    const sameSku = await call(t.app, "PATCH", url(foreign.body.data.id, foreignEntity), {
      actor: otherOrgAdmin,
      body: { sku: "MINE-1" },
    });
    expect(sameSku.status).toBe(200);
  });

  it("answers a variant created with a taken SKU the same 409 SKU_TAKEN, creating nothing", async () => {
    const owner = await createEntity(t.app, { slug: "sku-owner" });
    expect(
      (await call(t.app, "POST", `/api/catalog/entities/${owner}/variants`, { body: { sku: "CREATE-TAKEN" } })).status,
    ).toBe(201);
    const other = await createEntity(t.app, { slug: "sku-claimant" });
    const before = await snapshot(t, other);
    for (const [path, body] of [
      ["variants", { sku: "CREATE-TAKEN" }],
      ["variants/quick", { options: { Size: "XL" }, sku: "CREATE-TAKEN" }],
    ] as const) {
      const response = await call(t.app, "POST", `/api/catalog/entities/${other}/${path}`, { body });
      expect(response.status, path).toBe(409);
      expect(response.body.error).toMatchObject({ details: { reason: "SKU_TAKEN" }, issues: [{ path: "body.sku" }] });
    }
    expect(await snapshot(t, other)).toEqual(before);
  });

  it.runIf(isPostgresTestRun())("lets one of two concurrent patches take a SKU (PostgreSQL)", async () => {
    const [small, medium] = variantIds as [string, string];
    const answers = await Promise.all([
      call(t.app, "PATCH", url(small), { body: { sku: "RACED-1" } }),
      call(t.app, "PATCH", url(medium), { body: { sku: "RACED-1" } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const holders = await sql<{ id: string }>`select id from catalog_variants where sku = 'RACED-1'`.execute(t.db);
    expect(holders.rows).toHaveLength(1);
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const [, medium] = variantIds as [string, string];
    const before = await snapshot(t, entityId);
    for (const body of [
      { sku: "" },
      { sku: "x".repeat(201) },
      { sku: 12 },
      { position: -1 },
      { position: 1.5 },
      { metadata: ["not", "an", "object"] },
    ]) {
      const response = await call(t.app, "PATCH", url(medium), { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect(await snapshot(t, entityId)).toEqual(before);
  });

  it("is a 404 for another organization's entity or variant, a variant of another entity, or no UUID", async () => {
    const [small] = variantIds as [string];
    const before = await snapshot(t, entityId);
    const otherEntity = await createEntity(t.app, { slug: "not-the-parent" });
    for (const [path, actor] of [
      [url(small), otherOrgAdmin],
      [url(small, otherEntity), undefined],
      [url("not-a-uuid"), undefined],
      [url("00000000-0000-4000-8000-000000000000"), undefined],
    ] as const) {
      const response = await call(t.app, "PATCH", path, { body: { sku: "STOLEN" }, ...(actor ? { actor } : {}) });
      expect(response.status, path).toBe(404);
    }
    expect(await snapshot(t, entityId)).toEqual(before);
  });

  it("needs catalog:update (403 before the body is read)", async () => {
    const [small] = variantIds as [string];
    const response = await call(t.app, "PATCH", url(small), { actor: reader, body: { sku: "NOPE" } });
    expect(response.status).toBe(403);
  });

  it("answers an empty patch with the variant, writing no event", async () => {
    const [small] = variantIds as [string];
    const before = await snapshot(t, entityId);
    const response = await call(t.app, "PATCH", url(small), { body: {} });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(small);
    expect(await snapshot(t, entityId)).toEqual(before);
  });
});
