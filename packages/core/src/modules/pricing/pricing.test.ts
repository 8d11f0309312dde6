import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";

const pricingAdmin = createTestActor({ id: "pricing-admin", permissions: ["pricing:create", "pricing:update"] });
const pricingReader = createTestActor({ id: "pricing-reader", permissions: ["pricing:read"] });

describe("pricing", () => {
  let t: TestApp;
  let entityId: string;
  let variantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    entityId = await createEntity(t.app, { slug: "priced" });
    variantId = (await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants`, { body: { sku: "PRICED-L" } }))
      .body.data.id;
  });
  afterAll(() => t.close());

  const resolve = (
    lines: { entityId: string; variantId?: string | null }[],
    options: { currency?: string; customerGroupIds?: string[] } = {},
  ) =>
    t.kernel.services.pricing.resolve({
      organizationId: "default",
      currency: options.currency ?? "EUR",
      customerGroupIds: options.customerGroupIds ?? [],
      lines,
    });
  const countPrices = async () =>
    Number((await sql<{ count: string }>`select count(*) as count from pricing_prices`.execute(t.db)).rows[0]?.count);

  it("creates a price (201, pricing.create), then upserts the same target (200, pricing.update)", async () => {
    const created = await call(t.app, "POST", "/api/pricing/prices", {
      actor: pricingAdmin,
      body: { entityId, currency: "EUR", amount: 1999 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      entityId,
      variantId: null,
      currency: "EUR",
      customerGroupId: null,
      amount: 1999,
    });
    const updated = await call(t.app, "POST", "/api/pricing/prices", {
      actor: pricingAdmin,
      body: { entityId, currency: "EUR", amount: 2499 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, amount: 2499 });
    const events = await sql<{
      type: string;
      payload: { before: { amount: number } | null; after: { amount: number } };
    }>`
      select type, payload from domain_events where type like 'pricing.%' order by sequence`.execute(t.db);
    expect(events.rows.map((row) => [row.type, row.payload.before?.amount ?? null, row.payload.after.amount])).toEqual([
      ["pricing.create", null, 1999],
      ["pricing.update", 1999, 2499],
    ]);
    const audit = await call(t.app, "GET", `/api/audit?event=pricing.update`);
    expect(audit.body.data.length).toBeGreaterThanOrEqual(1);
  });

  it("keeps one row per (entity, variant, currency, group), NULL variant and group included", async () => {
    const before = await countPrices();
    for (const body of [
      { entityId, currency: "EUR", amount: 2499 },
      { entityId, variantId, currency: "EUR", amount: 2799 },
      { entityId, variantId, currency: "EUR", amount: 2899 },
      { entityId, currency: "EUR", customerGroupId: "wholesale", amount: 1800 },
      { entityId, currency: "EUR", customerGroupId: "wholesale", amount: 1700 },
      { entityId, currency: "USD", amount: 2600 },
    ]) {
      expect([200, 201]).toContain(
        (await call(t.app, "POST", "/api/pricing/prices", { actor: pricingAdmin, body })).status,
      );
    }
    expect(await countPrices()).toBe(before + 3);
  });

  it("lists prices with filters and pagination", async () => {
    const all = await call(t.app, "GET", `/api/pricing/prices?entityId=${entityId}`, { actor: pricingAdmin });
    expect(all.body.meta.pagination).toMatchObject({ total: 4, page: 1 });
    const usd = await call(t.app, "GET", "/api/pricing/prices?currency=USD", { actor: pricingAdmin });
    expect(usd.body.data.map((p: { amount: number }) => p.amount)).toEqual([2600]);
    const variantPrices = await call(t.app, "GET", `/api/pricing/prices?variantId=${variantId}`, {
      actor: pricingAdmin,
    });
    expect(variantPrices.body.data.map((p: { amount: number }) => p.amount)).toEqual([2899]);
    const group = await call(t.app, "GET", "/api/pricing/prices?customerGroupId=wholesale", { actor: pricingAdmin });
    expect(group.body.data.map((p: { amount: number }) => p.amount)).toEqual([1700]);
    const paged = await call(t.app, "GET", `/api/pricing/prices?entityId=${entityId}&limit=1&page=2`, {
      actor: pricingAdmin,
    });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta.pagination).toMatchObject({ total: 4, totalPages: 4 });
  });

  it("enforces the spec's permissions: pricing:create to write, pricing:update to read records", async () => {
    expect(
      (
        await call(t.app, "POST", "/api/pricing/prices", {
          actor: pricingReader,
          body: { entityId, currency: "EUR", amount: 1 },
        })
      ).status,
    ).toBe(403);
    expect((await call(t.app, "GET", "/api/pricing/prices", { actor: pricingReader })).status).toBe(403);
    expect(
      (
        await call(t.app, "POST", "/api/pricing/modifiers", {
          actor: pricingReader,
          body: { name: "x", kind: "percentage", value: -100 },
        })
      ).status,
    ).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/pricing/prices" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses bad prices with 422 and unknown targets with 404, changing nothing", async () => {
    const before = await countPrices();
    for (const body of [
      { entityId, currency: "eur", amount: 100 },
      { entityId, currency: "EURO", amount: 100 },
      { entityId, currency: "EUR", amount: -1 },
      { entityId, currency: "EUR", amount: 10.5 },
      { entityId, currency: "EUR", amount: 1e15 },
      { entityId: "not-a-uuid", currency: "EUR", amount: 100 },
      { currency: "EUR", amount: 100 },
    ]) {
      expect((await call(t.app, "POST", "/api/pricing/prices", { body })).status).toBe(422);
    }
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: missing, currency: "EUR", amount: 100 } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, "POST", "/api/pricing/prices", {
          body: { entityId, variantId: missing, currency: "EUR", amount: 100 },
        })
      ).status,
    ).toBe(404);
    expect(await countPrices()).toBe(before);
  });

  it("resolves variant over entity and group over base price", async () => {
    const [entityBase, variantBase, entityGroup, variantWithGroup, usd, none] = [
      ...(await resolve([{ entityId }, { entityId, variantId }])),
      ...(await resolve([{ entityId }, { entityId, variantId }], { customerGroupIds: ["wholesale", "vip"] })),
      ...(await resolve([{ entityId }], { currency: "USD" })),
      ...(await resolve([{ entityId }], { currency: "GBP" })),
    ];
    expect(entityBase).toMatchObject({ amount: 2499, customerGroupId: null, baseAmount: 2499 });
    expect(variantBase).toMatchObject({ amount: 2899, variantId });
    expect(entityGroup).toMatchObject({ amount: 1700, customerGroupId: "wholesale" });
    // The variant's own base price is more specific than the entity's group price.
    expect(variantWithGroup).toMatchObject({ amount: 2899, customerGroupId: null });
    expect(usd).toMatchObject({ amount: 2600, currency: "USD" });
    expect(none).toBeNull();
    // Among several groups with prices at one level, the lowest wins.
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId, currency: "EUR", customerGroupId: "vip", amount: 1500 },
    });
    expect((await resolve([{ entityId }], { customerGroupIds: ["wholesale", "vip"] }))[0]).toMatchObject({
      amount: 1500,
      customerGroupId: "vip",
    });
  });

  it("applies modifiers percentage first, then fixed, by priority, rounding half away from zero and never below 0", async () => {
    const id = await createEntity(t.app, { slug: "modified" });
    await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: id, currency: "EUR", amount: 1005 } });
    const fixed = await call(t.app, "POST", "/api/pricing/modifiers", {
      actor: pricingAdmin,
      body: { name: "Handling", kind: "fixed", value: 100, currency: "EUR", entityId: id, priority: 0 },
    });
    expect(fixed.status).toBe(201);
    const tenOff = await call(t.app, "POST", "/api/pricing/modifiers", {
      body: { name: "Ten off", kind: "percentage", value: -1000, entityId: id, priority: 2 },
    });
    const halfOff = await call(t.app, "POST", "/api/pricing/modifiers", {
      body: { name: "Half off", kind: "percentage", value: -5000, entityId: id, priority: 1 },
    });
    // 1005: -50 % is a change of -502.5, rounded half away from zero to -503 → 502; -10 % is -50.2 → -50
    // → 452; then +100 fixed → 552.
    const [resolved] = await resolve([{ entityId: id }]);
    expect(resolved?.amount).toBe(552);
    expect(resolved?.modifiers.map((m) => [m.id, m.delta])).toEqual([
      [halfOff.body.data.id, -503],
      [tenOff.body.data.id, -50],
      [fixed.body.data.id, 100],
    ]);
    // A fixed discount larger than the price floors at 0.
    await call(t.app, "POST", "/api/pricing/modifiers", {
      body: { name: "Huge", kind: "fixed", value: -100000, currency: "EUR", entityId: id, priority: 5 },
    });
    expect((await resolve([{ entityId: id }]))[0]?.amount).toBe(0);
    // A fixed modifier only touches prices of its currency; an inactive one nothing.
    await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: id, currency: "USD", amount: 1000 } });
    expect((await resolve([{ entityId: id }], { currency: "USD" }))[0]?.amount).toBe(450);
    const listed = await call(t.app, "GET", `/api/pricing/modifiers?entityId=${id}`, { actor: pricingAdmin });
    expect(listed.body.data.map((m: { name: string }) => m.name)).toEqual(["Half off", "Ten off", "Handling", "Huge"]);
    const huge = listed.body.data[3].id;
    const patched = await call(t.app, "PATCH", `/api/pricing/modifiers/${huge}`, {
      actor: pricingAdmin,
      body: { isActive: false },
    });
    expect(patched.body.data.isActive).toBe(false);
    expect((await resolve([{ entityId: id }]))[0]?.amount).toBe(552);
    expect((await call(t.app, "GET", `/api/pricing/modifiers/${huge}`, { actor: pricingAdmin })).body.data.name).toBe(
      "Huge",
    );
    const deleted = await call(t.app, "DELETE", `/api/pricing/modifiers/${huge}`, { actor: pricingAdmin });
    expect(deleted.status).toBe(200);
    expect((await call(t.app, "GET", `/api/pricing/modifiers/${huge}`)).status).toBe(404);
    expect((await call(t.app, "DELETE", `/api/pricing/modifiers/${huge}`)).status).toBe(404);
  });

  it("applies group modifiers only to that group, and respects the modifier window", async () => {
    const id = await createEntity(t.app, { slug: "group-mod" });
    await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: id, currency: "EUR", amount: 1000 } });
    await call(t.app, "POST", "/api/pricing/modifiers", {
      body: { name: "VIP", kind: "percentage", value: -2000, entityId: id, customerGroupId: "vip" },
    });
    await call(t.app, "POST", "/api/pricing/modifiers", {
      body: {
        name: "Future",
        kind: "percentage",
        value: -9000,
        entityId: id,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect((await resolve([{ entityId: id }]))[0]?.amount).toBe(1000);
    expect((await resolve([{ entityId: id }], { customerGroupIds: ["vip"] }))[0]?.amount).toBe(800);
  });

  it("refuses bad modifiers with 422, changing nothing", async () => {
    const count = async () =>
      Number(
        (await sql<{ count: string }>`select count(*) as count from pricing_modifiers`.execute(t.db)).rows[0]?.count,
      );
    const before = await count();
    for (const body of [
      { name: "No currency", kind: "fixed", value: -100 },
      { name: "Too much", kind: "percentage", value: -10001 },
      { name: "Fraction", kind: "percentage", value: 1.5 },
      { name: "Kind", kind: "multiply", value: 2 },
      { name: "Variant alone", kind: "percentage", value: 10, variantId },
      {
        name: "Window",
        kind: "percentage",
        value: 10,
        startsAt: "2030-01-02T00:00:00Z",
        endsAt: "2030-01-01T00:00:00Z",
      },
      { name: "", kind: "percentage", value: 10 },
    ]) {
      expect((await call(t.app, "POST", "/api/pricing/modifiers", { body })).status).toBe(422);
    }
    const modifier = await call(t.app, "POST", "/api/pricing/modifiers", {
      body: { name: "Ok", kind: "percentage", value: 10 },
    });
    const id = modifier.body.data.id;
    expect((await call(t.app, "PATCH", `/api/pricing/modifiers/${id}`, { body: { kind: "fixed" } })).status).toBe(422);
    expect((await call(t.app, "PATCH", `/api/pricing/modifiers/${id}`, { body: { value: 200_000 } })).status).toBe(422);
    expect((await call(t.app, "GET", `/api/pricing/modifiers/${id}`)).body.data).toMatchObject({
      kind: "percentage",
      value: 10,
    });
    expect(await count()).toBe(before + 1);
    await call(t.app, "DELETE", `/api/pricing/modifiers/${id}`);
  });

  it("adds include=pricing to catalog entities with one page query, whatever the page size", async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createEntity(t.app, { slug: `inc-${i}`, type: "incl" })),
    );
    for (const [i, id] of ids.entries())
      await call(t.app, "POST", "/api/pricing/prices", {
        body: { entityId: id, currency: "EUR", amount: 100 * (i + 1) },
      });
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId: ids[0], currency: "EUR", customerGroupId: "vip", amount: 1 },
    });
    const list = await call(t.app, "GET", "/api/catalog/entities?type=incl&include=pricing&sort=slug:asc");
    expect(list.body.data.map((e: { pricing: { amount: number }[] }) => e.pricing.map((p) => p.amount))).toEqual([
      [100],
      [200],
      [300],
      [400],
      [500],
    ]);
    const one = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=pricing`);
    expect(one.body.data.pricing).toEqual([
      { variantId: null, currency: "EUR", baseAmount: 2499, amount: 2499 },
      { variantId: null, currency: "USD", baseAmount: 2600, amount: 2600 },
      { variantId, currency: "EUR", baseAmount: 2899, amount: 2899 },
    ]);
    // The include costs the same queries for 1 entity or 5 (prices and modifiers, once per page).
    const count = async (limit: number) => {
      const executor = t.kernel.database.db.getExecutor();
      const original = executor.executeQuery.bind(executor);
      const queries: string[] = [];
      executor.executeQuery = (async (compiled: Parameters<typeof original>[0]) => {
        queries.push(compiled.sql);
        return original(compiled);
      }) as typeof executor.executeQuery;
      try {
        const withPricing = await call(t.app, "GET", `/api/catalog/entities?type=incl&include=pricing&limit=${limit}`);
        expect(withPricing.body.data).toHaveLength(limit);
        return queries.filter((query) => query.includes("pricing_")).length;
      } finally {
        executor.executeQuery = original;
      }
    };
    expect(await count(1)).toBe(2);
    expect(await count(5)).toBe(2);
    const bare = await createEntity(t.app, { slug: "unpriced" });
    expect((await call(t.app, "GET", `/api/catalog/entities/${bare}?include=pricing`)).body.data.pricing).toEqual([]);
  });

  it("removes an entity's prices and modifiers with the entity", async () => {
    const id = await createEntity(t.app, { slug: "doomed" });
    await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: id, currency: "EUR", amount: 100 } });
    await call(t.app, "POST", "/api/pricing/modifiers", {
      body: { name: "d", kind: "percentage", value: 10, entityId: id },
    });
    await call(t.app, "DELETE", `/api/catalog/entities/${id}`);
    const rows = await sql<{
      count: number;
    }>`select (select count(*) from pricing_prices where entity_id = ${id}) + (select count(*) from pricing_modifiers where entity_id = ${id}) as count`.execute(
      t.db,
    );
    expect(Number(rows.rows[0]?.count)).toBe(0);
  });

  it("never shows or changes another organization's prices and modifiers", async () => {
    const modifier = (
      await call(t.app, "POST", "/api/pricing/modifiers", { body: { name: "Mine", kind: "percentage", value: 10 } })
    ).body.data;
    const before = await call(t.app, "GET", `/api/pricing/prices?entityId=${entityId}`);
    expect((await call(t.app, "GET", "/api/pricing/prices", { actor: otherOrgAdmin })).body.data).toEqual([]);
    expect((await call(t.app, "GET", "/api/pricing/modifiers", { actor: otherOrgAdmin })).body.data).toEqual([]);
    for (const response of await Promise.all([
      call(t.app, "POST", "/api/pricing/prices", {
        actor: otherOrgAdmin,
        body: { entityId, currency: "EUR", amount: 1 },
      }),
      call(t.app, "POST", "/api/pricing/modifiers", {
        actor: otherOrgAdmin,
        body: { name: "x", kind: "percentage", value: 10, entityId },
      }),
      call(t.app, "GET", `/api/pricing/modifiers/${modifier.id}`, { actor: otherOrgAdmin }),
      call(t.app, "PATCH", `/api/pricing/modifiers/${modifier.id}`, { actor: otherOrgAdmin, body: { value: 20 } }),
      call(t.app, "DELETE", `/api/pricing/modifiers/${modifier.id}`, { actor: otherOrgAdmin }),
    ])) {
      expect(response.status).toBe(404);
    }
    expect(
      await t.kernel.services.pricing.resolve({
        organizationId: "other-store",
        currency: "EUR",
        lines: [{ entityId }],
      }),
    ).toEqual([null]);
    expect((await call(t.app, "GET", `/api/pricing/prices?entityId=${entityId}`)).body).toEqual(before.body);
    expect((await call(t.app, "GET", `/api/pricing/modifiers/${modifier.id}`)).body.data).toEqual(modifier);
  });

  it("documents every pricing route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/pricing/prices"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/pricing/modifiers"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/pricing/modifiers/{id}"] ?? {}).sort()).toEqual(["delete", "get", "patch"]);
  });
});

describe.skipIf(!isPostgresTestRun())("pricing under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps one price row when 30 upserts of one target race, and reports exactly one creation", async () => {
    const entityId = await createEntity(t.app, { slug: "raced" });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t.app, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount: 100 + i } }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status === 200)).toHaveLength(29);
    const rows = await sql<{
      count: string;
    }>`select count(*) as count from pricing_prices where entity_id = ${entityId}`.execute(t.db);
    expect(Number(rows.rows[0]?.count)).toBe(1);
    const events = await sql<{
      type: string;
      count: string;
    }>`select type, count(*) as count from domain_events where type like 'pricing.%' group by type order by type`.execute(
      t.db,
    );
    expect(events.rows.map((row) => [row.type, Number(row.count)])).toEqual([
      ["pricing.create", 1],
      ["pricing.update", 29],
    ]);
  });
});
