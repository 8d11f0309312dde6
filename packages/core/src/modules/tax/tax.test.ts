import { fc, test } from "@fast-check/vitest";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";
import { splitTax } from "./tax-calculation.js";
import { assertTaxConfig } from "./tax-config.js";

const taxManager = createTestActor({ id: "tax-manager", permissions: ["tax:manage"] });
const REGION_RATES = { regionRates: { US: { rateBps: 0, regions: { CA: 725, NY: 400 } }, DE: { rateBps: 1900 } } };

describe("tax", () => {
  let t: TestApp;
  let entityId: string;
  let variantId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { tax: REGION_RATES } });
    entityId = await createEntity(t.app, { slug: "taxed" });
    variantId = (await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants`, { body: { sku: "TAXED-1" } }))
      .body.data.id;
  });
  afterAll(() => t.close());

  const createClass = async (body: Record<string, unknown>, actor = taxManager) => {
    const response = await call(t.app, "POST", "/api/tax/classes", { actor, body });
    if (response.status !== 201)
      throw new Error(`class not created: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as { id: string; name: string };
  };
  const calculate = (lines: unknown[], extra: Record<string, unknown> = {}) =>
    call(t.app, "POST", "/api/tax/calculate", { actor: taxManager, body: { isTaxInclusive: false, lines, ...extra } });
  const listClasses = async () =>
    (await call(t.app, "GET", "/api/tax/classes", { actor: taxManager })).body.data as {
      name: string;
      isDefault: boolean;
      rateBps: number;
    }[];

  it("uses the configured region rates while the organization has no active class", async () => {
    const [california, newYork, usa, germany, france, nowhere] = await Promise.all([
      calculate([{ entityId, amount: 10_000 }], { address: { country: "US", region: "CA" } }),
      calculate([{ entityId, amount: 10_000 }], { address: { country: "us", region: "ny" } }),
      calculate([{ entityId, amount: 10_000 }], { address: { country: "US", region: "TX" } }),
      calculate([{ entityId, amount: 10_000 }], { address: { country: "DE" } }),
      calculate([{ entityId, amount: 10_000 }], { address: { country: "FR" } }),
      calculate([{ entityId, amount: 10_000 }]),
    ]);
    expect(california.body.data.lines[0]).toMatchObject({
      source: "region",
      rateBps: 725,
      net: 10_000,
      tax: 725,
      gross: 10_725,
    });
    expect(newYork.body.data.lines[0]).toMatchObject({ rateBps: 400, tax: 400 });
    expect(usa.body.data.lines[0]).toMatchObject({ source: "region", rateBps: 0, tax: 0 });
    expect(germany.body.data).toMatchObject({ net: 10_000, tax: 1900, gross: 11_900 });
    expect(france.body.data.lines[0]).toMatchObject({ source: "none", tax: 0 });
    expect(nowhere.body.data.lines[0]).toMatchObject({ source: "none", tax: 0 });
  });

  it("creates, lists, updates and deletes classes with tax:manage", async () => {
    const reduced = await createClass({ name: "reduced", rateBps: 700 });
    expect(reduced).toMatchObject({ name: "reduced", rateBps: 700, isDefault: false, isActive: true });
    expect(
      (await call(t.app, "POST", "/api/tax/classes", { actor: taxManager, body: { name: "reduced", rateBps: 500 } }))
        .status,
    ).toBe(409);
    const patched = await call(t.app, "PATCH", `/api/tax/classes/${reduced.id}`, {
      actor: taxManager,
      body: { rateBps: 550 },
    });
    expect(patched.body.data).toMatchObject({ rateBps: 550 });
    const temporary = await createClass({ name: "temporary", rateBps: 100 });
    expect(
      (await call(t.app, "DELETE", `/api/tax/classes/${temporary.id}`, { actor: taxManager })).body.data.name,
    ).toBe("temporary");
    expect((await call(t.app, "DELETE", `/api/tax/classes/${temporary.id}`, { actor: taxManager })).status).toBe(404);
    expect((await listClasses()).map((c) => c.name)).toEqual(["reduced"]);
    const noPerm = createTestActor({ permissions: ["catalog:read", "settings:manage"] });
    expect((await call(t.app, "GET", "/api/tax/classes", { actor: noPerm })).status).toBe(403);
    expect(
      (await call(t.app, "POST", "/api/tax/classes", { actor: noPerm, body: { name: "x", rateBps: 1 } })).status,
    ).toBe(403);
    const audit = await sql<{
      type: string;
    }>`select type from domain_events where entity_id = ${reduced.id} order by sequence`.execute(t.db);
    expect(audit.rows.map((row) => row.type)).toEqual(["tax.create", "tax.update"]);
  });

  it("keeps one default class: a new default unsets the old one", async () => {
    const standard = await createClass({ name: "standard", rateBps: 2000, isDefault: true });
    expect((await listClasses()).filter((c) => c.isDefault).map((c) => c.name)).toEqual(["standard"]);
    const other = await createClass({ name: "other-default", rateBps: 1000, isDefault: true });
    expect((await listClasses()).filter((c) => c.isDefault).map((c) => c.name)).toEqual(["other-default"]);
    await call(t.app, "PATCH", `/api/tax/classes/${standard.id}`, { actor: taxManager, body: { isDefault: true } });
    expect((await listClasses()).filter((c) => c.isDefault).map((c) => c.name)).toEqual(["standard"]);
    await call(t.app, "DELETE", `/api/tax/classes/${other.id}`, { actor: taxManager });
  });

  it("resolves per line: variant class, entity class, default class, then 0; active classes beat region rates", async () => {
    const classes = await listClasses();
    const reduced = classes.find((c) => c.name === "reduced") as unknown as { id: string };
    const zero = await createClass({ name: "zero", rateBps: 0 });
    const plain = await createEntity(t.app, { slug: "plain" });
    expect(
      (
        await call(t.app, "PUT", "/api/tax/assignments", {
          actor: taxManager,
          body: { entityId, taxClassId: reduced.id },
        })
      ).body.data,
    ).toMatchObject({ entityId, variantId: null, taxClassId: reduced.id });
    await call(t.app, "PUT", "/api/tax/assignments", {
      actor: taxManager,
      body: { entityId, variantId, taxClassId: zero.id },
    });
    const result = await calculate(
      [
        { entityId, variantId, amount: 1000 },
        { entityId, amount: 1000 },
        { entityId: plain, amount: 1000 },
      ],
      { address: { country: "DE" } },
    );
    expect(
      result.body.data.lines.map((l: { source: string; rateBps: number; tax: number }) => [l.source, l.rateBps, l.tax]),
    ).toEqual([
      ["variant", 0, 0],
      ["entity", 550, 55],
      ["default", 2000, 200],
    ]);
    expect(result.body.data).toMatchObject({ net: 3000, tax: 255, gross: 3255 });
    const assignments = await call(t.app, "GET", `/api/tax/assignments?entityId=${entityId}`, { actor: taxManager });
    expect(assignments.body.data.map((a: { variantId: string | null }) => a.variantId)).toEqual([null, variantId]);

    // An inactive class is skipped: the variant falls through to the entity's class.
    await call(t.app, "PATCH", `/api/tax/classes/${zero.id}`, { actor: taxManager, body: { isActive: false } });
    expect((await calculate([{ entityId, variantId, amount: 1000 }])).body.data.lines[0]).toMatchObject({
      source: "entity",
      tax: 55,
    });
    // Without a default class, an unassigned line is untaxed (class rules, not the region rate, apply).
    const standard = classes.find((c) => c.name === "standard") as unknown as { id: string };
    await call(t.app, "PATCH", `/api/tax/classes/${standard.id}`, { actor: taxManager, body: { isDefault: false } });
    expect(
      (await calculate([{ entityId: plain, amount: 1000 }], { address: { country: "DE" } })).body.data.lines[0],
    ).toMatchObject({ source: "none", tax: 0 });
    await call(t.app, "PATCH", `/api/tax/classes/${standard.id}`, { actor: taxManager, body: { isDefault: true } });
    // Removing an assignment falls back to the default.
    expect(
      (await call(t.app, "PUT", "/api/tax/assignments", { actor: taxManager, body: { entityId, taxClassId: null } }))
        .body.data,
    ).toBeNull();
    expect((await calculate([{ entityId, amount: 1000 }])).body.data.lines[0]).toMatchObject({
      source: "default",
      tax: 200,
    });
  });

  it("supports tax-inclusive and tax-exclusive prices with one rounding rule (half away from zero, per line)", async () => {
    // Exclusive: 20 % of 1234 = 246.8 → 247; 20 % of 1 = 0.2 → 0; 20 % of 1001 = 200.2 → 200.
    const exclusive = await calculate([
      { entityId: await createEntity(t.app, { slug: "r1" }), amount: 1234 },
      { entityId: await createEntity(t.app, { slug: "r2" }), amount: 1 },
      { entityId: await createEntity(t.app, { slug: "r3" }), amount: 1001 },
    ]);
    expect(
      exclusive.body.data.lines.map((l: { net: number; tax: number; gross: number }) => [l.net, l.tax, l.gross]),
    ).toEqual([
      [1234, 247, 1481],
      [1, 0, 1],
      [1001, 200, 1201],
    ]);
    // Inclusive: 1200 gross at 20 % = 1000 net + 200 tax; 1000 gross = 833.33 → 833 net + 167 tax; 3 gross = 2.5 → 3 net + 0 tax.
    const inclusive = await calculate(
      [1200, 1000, 3].map((amount, i) => ({ entityId: exclusive.body.data.lines[i].entityId, amount })),
      { isTaxInclusive: true },
    );
    expect(inclusive.body.data).toMatchObject({ isTaxInclusive: true, gross: 2203, tax: 367, net: 1836 });
    expect(
      inclusive.body.data.lines.map((l: { net: number; tax: number; gross: number }) => [l.net, l.tax, l.gross]),
    ).toEqual([
      [1000, 200, 1200],
      [833, 167, 1000],
      [3, 0, 3],
    ]);
  });

  test.prop([fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), fc.boolean()])(
    "splits any amount into integer net + tax = gross, never negative",
    (amount, rate, isInclusive) => {
      const { net, tax, gross } = splitTax(amount, rate, isInclusive);
      expect([net, tax, gross].every(Number.isSafeInteger)).toBe(true);
      expect(net + tax).toBe(gross);
      expect(Math.min(net, tax)).toBeGreaterThanOrEqual(0);
      expect(isInclusive ? gross : net).toBe(amount);
    },
  );

  it("refuses bad input with 422 and unknown targets with 404, changing nothing", async () => {
    const snapshot = async () =>
      (await sql`select * from tax_classes order by id`.execute(t.db)).rows.concat(
        (await sql`select * from tax_class_assignments order by id`.execute(t.db)).rows,
      );
    const before = await snapshot();
    const standard = (await listClasses()).find((c) => c.name === "standard") as unknown as { id: string };
    for (const body of [
      { name: "Bad Name", rateBps: 100 },
      { name: "neg", rateBps: -1 },
      { name: "big", rateBps: 10_001 },
      { name: "frac", rateBps: 1.5 },
      { rateBps: 100 },
    ]) {
      expect((await call(t.app, "POST", "/api/tax/classes", { actor: taxManager, body })).status).toBe(422);
    }
    expect(
      (await call(t.app, "PATCH", `/api/tax/classes/${standard.id}`, { actor: taxManager, body: { rateBps: 20_000 } }))
        .status,
    ).toBe(422);
    expect(
      (await call(t.app, "PATCH", `/api/tax/classes/not-a-uuid`, { actor: taxManager, body: { rateBps: 1 } })).status,
    ).toBe(422);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await call(t.app, "PUT", "/api/tax/assignments", {
          actor: taxManager,
          body: { entityId: missing, taxClassId: standard.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, "PUT", "/api/tax/assignments", { actor: taxManager, body: { entityId, taxClassId: missing } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, "PUT", "/api/tax/assignments", {
          actor: taxManager,
          body: { entityId, variantId: missing, taxClassId: standard.id },
        })
      ).status,
    ).toBe(404);
    expect((await calculate([{ entityId, amount: -5 }])).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("removes an entity's assignments with the entity", async () => {
    const id = await createEntity(t.app, { slug: "gone" });
    const standard = (await listClasses()).find((c) => c.name === "standard") as unknown as { id: string };
    await call(t.app, "PUT", "/api/tax/assignments", {
      actor: taxManager,
      body: { entityId: id, taxClassId: standard.id },
    });
    await call(t.app, "DELETE", `/api/catalog/entities/${id}`);
    expect((await sql`select 1 from tax_class_assignments where entity_id = ${id}`.execute(t.db)).rows).toHaveLength(0);
  });

  it("never shows, uses or changes another organization's classes", async () => {
    const standard = (await listClasses()).find((c) => c.name === "standard") as unknown as { id: string };
    const before = await listClasses();
    expect((await call(t.app, "GET", "/api/tax/classes", { actor: otherOrgAdmin })).body.data).toEqual([]);
    for (const response of await Promise.all([
      call(t.app, "PATCH", `/api/tax/classes/${standard.id}`, { actor: otherOrgAdmin, body: { rateBps: 1 } }),
      call(t.app, "DELETE", `/api/tax/classes/${standard.id}`, { actor: otherOrgAdmin }),
      call(t.app, "PUT", "/api/tax/assignments", { actor: otherOrgAdmin, body: { entityId, taxClassId: standard.id } }),
    ])) {
      expect(response.status).toBe(404);
    }
    // Their own class cannot be assigned to our entity, and our default never taxes their lines.
    const theirs = await createClass({ name: "theirs", rateBps: 500, isDefault: true }, otherOrgAdmin);
    expect(
      (
        await call(t.app, "PUT", "/api/tax/assignments", {
          actor: otherOrgAdmin,
          body: { entityId, taxClassId: theirs.id },
        })
      ).status,
    ).toBe(404);
    expect((await listClasses()).filter((c) => c.isDefault).map((c) => c.name)).toEqual(["standard"]);
    const theirCalculation = await call(t.app, "POST", "/api/tax/calculate", {
      actor: otherOrgAdmin,
      body: { isTaxInclusive: false, lines: [{ entityId, amount: 1000 }] },
    });
    expect(theirCalculation.body.data.lines[0]).toMatchObject({ taxClassId: theirs.id, rateBps: 500 });
    expect(
      (await call(t.app, "GET", `/api/tax/assignments?entityId=${entityId}`, { actor: otherOrgAdmin })).body.data,
    ).toEqual([]);
    expect(await listClasses()).toEqual(before);
  });

  it("documents every tax route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/tax/classes"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/tax/classes/{id}"] ?? {}).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(doc.paths["/api/tax/assignments"] ?? {}).sort()).toEqual(["get", "put"]);
    expect(Object.keys(doc.paths["/api/tax/calculate"] ?? {})).toEqual(["post"]);
  });
});

describe.skipIf(!isPostgresTestRun())("tax default class under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("ends with exactly one default after 20 concurrent default switches", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push(
        (await call(t.app, "POST", "/api/tax/classes", { actor: taxManager, body: { name: `c${i}`, rateBps: i } })).body
          .data.id,
      );
    const results = await Promise.all(
      ids.map((id) => call(t.app, "PATCH", `/api/tax/classes/${id}`, { actor: taxManager, body: { isDefault: true } })),
    );
    expect(results.map((result) => result.status)).toEqual(ids.map(() => 200));
    const defaults = await sql<{ count: string }>`select count(*) as count from tax_classes where is_default`.execute(
      t.db,
    );
    expect(Number(defaults.rows[0]?.count)).toBe(1);
  });
});

it("fails boot on a malformed tax.regionRates", async () => {
  await expect(createTestApp({ config: { tax: { regionRates: { usa: { rateBps: 5 } } } } })).rejects.toThrow(
    /ISO 3166-1/,
  );
  expect(() => assertTaxConfig({ regionRates: { US: { rateBps: 5.5 } } })).toThrow(/rateBps/);
  expect(() => assertTaxConfig({ regionRates: { US: { rateBps: 5, regions: { CA: 20_000 } } } })).toThrow(
    /regions\.CA/,
  );
});
