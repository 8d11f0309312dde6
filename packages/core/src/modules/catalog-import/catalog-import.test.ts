import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { multipart } from "../media/testing.js";
import { finishImport, ndjson, postImport } from "./catalog-import-test-helpers.js";

const shirt = {
  slug: "import-shirt",
  type: "product",
  status: "active",
  attributes: { en: { title: "Linen shirt", description: "Cool in summer" } },
  variants: [
    { sku: "SHIRT-S", options: { Size: "S" }, prices: [{ currency: "EUR", amount: 2999 }], stock: [{ onHand: 4 }] },
    { sku: "SHIRT-M", options: { Size: "M" }, prices: [{ currency: "EUR", amount: 2999 }], stock: [{ onHand: 7 }] },
  ],
};
const mug = {
  slug: "import-mug",
  status: "active",
  attributes: { en: { title: "Mug" } },
  prices: [{ currency: "EUR", amount: 900 }],
  stock: [{ onHand: 12 }],
};

describe("catalog import", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { search: { adapter: "postgres" } } });
  });
  afterAll(() => t.close());

  const entity = async (slug: string) =>
    (await call(t.app, "GET", `/api/catalog/entities/${slug}?include=attributes,variants,pricing,inventory`)).body.data;

  it("imports NDJSON through HTTP: 202 with an id, then entities with attributes, variants, prices and stock", async () => {
    const started = await postImport(t.app, ndjson([shirt, mug]), "application/x-ndjson");
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: "queued", format: "ndjson", rowsTotal: 2, failed: 0 });
    const done = await finishImport(t.app, t.kernel, started.body.data.id);
    expect(done).toMatchObject({
      status: "completed",
      rowsTotal: 2,
      rowsDone: 2,
      created: 2,
      updated: 0,
      failed: 0,
      errors: [],
    });

    const imported = await entity("import-shirt");
    expect(imported.attributes.en.title).toBe("Linen shirt");
    expect(
      imported.variants.map((variant: { sku: string; options: Record<string, string> }) => [
        variant.sku,
        variant.options.Size,
      ]),
    ).toEqual([
      ["SHIRT-S", "S"],
      ["SHIRT-M", "M"],
    ]);
    expect(imported.inventory.onHand).toBe(11);
    expect(imported.pricing).toHaveLength(2);
    expect((await entity("import-mug")).pricing).toEqual([
      expect.objectContaining({ variantId: null, currency: "EUR", amount: 900 }),
    ]);
    // Searchable at once: the batch's event reindexed its entities in the same transaction.
    const found = await call(t.app, "GET", "/api/search?q=linen");
    expect(found.body.data.map((hit: { slug: string }) => hit.slug)).toContain("import-shirt");
  });

  it("re-running the same file updates by slug and SKU instead of duplicating, and writes no new stock history", async () => {
    const adjustments = async () =>
      Number(
        (await sql<{ count: string }>`select count(*) as count from inventory_adjustments`.execute(t.db)).rows[0]
          ?.count,
      );
    const before = await adjustments();
    const started = await postImport(t.app, ndjson([shirt, mug]), "application/x-ndjson");
    const done = await finishImport(t.app, t.kernel, started.body.data.id);
    expect(done).toMatchObject({ status: "completed", created: 0, updated: 2, failed: 0 });
    // Nothing changed, so nothing is reindexed: the batch's event names no changed entity.
    const events = await sql<{
      payload: { updated: string[]; entityIds: string[] };
    }>`select payload from domain_events where type = 'catalog.import' and entity_id = ${started.body.data.id}`.execute(
      t.db,
    );
    expect(events.rows.map((row) => [row.payload.updated.length, row.payload.entityIds.length])).toEqual([[2, 0]]);
    const imported = await entity("import-shirt");
    expect(imported.variants).toHaveLength(2);
    expect(imported.inventory.onHand).toBe(11);
    expect(await adjustments()).toBe(before);
    const entities = await sql<{
      count: string;
    }>`select count(*) as count from catalog_entities where slug like 'import-%'`.execute(t.db);
    expect(Number(entities.rows[0]?.count)).toBe(2);
  });

  it("lists refused rows with line numbers and reasons; they write nothing while the good rows go in", async () => {
    const body = [
      JSON.stringify({ slug: "line-one-ok", attributes: { en: { title: "One" } } }),
      "{ not json",
      JSON.stringify({ slug: "Bad Slug" }),
      JSON.stringify({ slug: "wrong-types", status: 5, variants: "none" }),
      "",
      JSON.stringify({ slug: "nul-title", attributes: { en: { title: "a\u0000b" } } }),
      JSON.stringify({ slug: "line-one-ok" }),
      JSON.stringify({ slug: "takes-sku", variants: [{ sku: "SHIRT-S" }] }),
      JSON.stringify({ slug: "unknown-warehouse", stock: [{ warehouse: "nowhere", onHand: 1 }] }),
      JSON.stringify({ slug: "last-ok" }),
    ].join("\n");
    const started = await postImport(t.app, body, "application/x-ndjson");
    expect(started.status).toBe(202);
    const done = await finishImport(t.app, t.kernel, started.body.data.id);
    expect(done).toMatchObject({ status: "completed", rowsTotal: 9, rowsDone: 9, created: 2, failed: 7 });
    expect(done.errors.map((error: { line: number }) => error.line)).toEqual([2, 3, 4, 6, 7, 8, 9]);
    const reasons = Object.fromEntries(
      done.errors.map((error: { line: number; reason: string }) => [error.line, error.reason]),
    );
    expect(reasons[2]).toMatch(/not valid JSON/);
    expect(reasons[3]).toMatch(/^slug:/);
    expect(reasons[4]).toMatch(/status|variants/);
    expect(reasons[6]).toMatch(/NUL/i);
    expect(reasons[7]).toMatch(/line 1 already/);
    expect(reasons[8]).toMatch(/SKU SHIRT-S belongs to another variant/);
    expect(reasons[9]).toMatch(/no warehouse with code nowhere/);
    for (const slug of ["takes-sku", "unknown-warehouse", "nul-title", "wrong-types"]) {
      expect((await call(t.app, "GET", `/api/catalog/entities/${slug}`)).status).toBe(404);
    }
    expect(
      (await entity("import-shirt")).variants.find((variant: { sku: string }) => variant.sku === "SHIRT-S"),
    ).toBeDefined();
  });

  it("rolls a refused row back even after its batch wrote it (stock below what is reserved), and keeps the rest", async () => {
    const id = (await entity("import-mug")).id;
    expect((await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 5 } })).status).toBe(
      201,
    );
    const rows = [
      { ...mug, attributes: { en: { title: "Mug renamed" } }, stock: [{ onHand: 2 }] },
      { slug: "after-mug", attributes: { en: { title: "After" } } },
    ];
    const done = await finishImport(
      t.app,
      t.kernel,
      (await postImport(t.app, ndjson(rows), "application/x-ndjson")).body.data.id,
    );
    expect(done).toMatchObject({
      created: 1,
      updated: 0,
      failed: 1,
      errors: [{ line: 1, reason: expect.stringMatching(/below the 5 reserved/) }],
    });
    const after = await entity("import-mug");
    expect(after.attributes.en.title).toBe("Mug");
    expect(after.inventory.onHand).toBe(12);
  });

  it("imports a Shopify-style CSV through a multipart upload: rows of one handle form an entity, prices in major units", async () => {
    const csv = [
      "Handle,Title,Body (HTML),Status,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Price EUR,Variant Inventory Qty,Vendor",
      'csv-tee,"Tee, organic","Soft ""and"" light",active,Color,Red,Size,S,TEE-RS,19.99,3,Acme',
      "csv-tee,,,,,Red,,M,TEE-RM,19.99,5,",
      "csv-tee,,,,,Blue,,S,TEE-BS,21.5,0,",
      "csv-cap,Cap,,draft,,,,,CAP-1,9,1,",
    ].join("\r\n");
    const body = multipart([{ name: "file", value: csv, filename: "products.csv" }]);
    const response = await postImport(t.app, body.payload, body.contentType);
    expect(response.status).toBe(202);
    expect(response.body.data).toMatchObject({
      format: "csv",
      filename: "products.csv",
      rowsTotal: 2,
      ignoredColumns: ["Vendor"],
    });
    const done = await finishImport(t.app, t.kernel, response.body.data.id);
    expect(done).toMatchObject({ created: 2, failed: 0 });
    const tee = await entity("csv-tee");
    expect(tee.attributes.en).toMatchObject({ title: "Tee, organic", description: 'Soft "and" light' });
    expect(
      tee.variants.map((variant: { sku: string; options: Record<string, string> }) => [variant.sku, variant.options]),
    ).toEqual([
      ["TEE-RS", { Color: "Red", Size: "S" }],
      ["TEE-RM", { Color: "Red", Size: "M" }],
      ["TEE-BS", { Color: "Blue", Size: "S" }],
    ]);
    expect(tee.pricing.map((price: { amount: number }) => price.amount).sort()).toEqual([1999, 1999, 2150]);
    expect(tee.inventory.onHand).toBe(8);
    const cap = (await call(t.app, "GET", "/api/catalog/entities/csv-cap?include=pricing")).body.data;
    expect(cap).toMatchObject({ status: "draft", pricing: [expect.objectContaining({ amount: 900 })] });
  });

  it("refuses hostile input per line: bad UTF-8, a huge line, a raw NUL, an unclosed quote, a bad price", async () => {
    const csv = Buffer.concat([
      Buffer.from("handle,title,sku,price_eur\n"),
      Buffer.from("hostile-ok,Fine,H-1,1.00\n"),
      Buffer.from([0x62, 0x61, 0x64, 0x2c, 0xff, 0xfe, 0x2c, 0x2c, 0x0a]),
      Buffer.from(`huge,${"x".repeat(1024 * 1024 + 10)},,\n`),
      Buffer.from("nul-row,a\u0000b,,\n"),
      Buffer.from("bad-price,Price,H-2,1.999\n"),
      Buffer.from("bad-type,Type,H-3,abc\n"),
      Buffer.from('open-quote,"never closed,,\n'),
    ]);
    const started = await postImport(t.app, csv, "text/csv");
    expect(started.status).toBe(202);
    const done = await finishImport(t.app, t.kernel, started.body.data.id);
    expect(done.created).toBe(1);
    expect(done.errors.map((error: { line: number }) => error.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(done.errors[0].reason).toMatch(/UTF-8/);
    expect(done.errors[1].reason).toMatch(/longer than/);
    expect(done.errors[2].reason).toMatch(/NUL/i);
    expect(done.errors[3].reason).toMatch(/at most 2 decimals/);
    expect(done.errors[5].reason).toMatch(/not closed/);
  });

  it("refuses CSV option names that are object keys (__proto__, constructor) on their line instead of dropping them", async () => {
    const csv = [
      "handle,title,option1_name,option1_value,sku",
      "proto-option,Proto,__proto__,x,PO-1",
      "constructor-option,Constructor,constructor,y,CO-1",
      "fine-option,Fine,Size,M,FO-1",
    ].join("\n");
    const done = await finishImport(
      t.app,
      t.kernel,
      (await postImport(t.app, Buffer.from(`${csv}\n`), "text/csv")).body.data.id,
    );
    expect(done.created).toBe(1);
    expect(done.errors.map((error: { line: number }) => error.line)).toEqual([2, 3]);
    expect(done.errors.every((error: { reason: string }) => /reserved key/.test(error.reason))).toBe(true);
  });

  it("answers 422 for a body that is not the format it claims and 415 for other content types, storing nothing", async () => {
    const count = async () =>
      Number(
        (await sql<{ count: string }>`select count(*) as count from catalog_imports`.execute(t.db)).rows[0]?.count,
      );
    const before = await count();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    expect((await postImport(t.app, png, "text/csv")).status).toBe(422);
    expect((await postImport(t.app, '{"slug":"x"}\n', "text/csv")).status).toBe(422);
    expect((await postImport(t.app, "handle,title\nx,y\n", "application/x-ndjson")).status).toBe(422);
    expect((await postImport(t.app, "", "application/x-ndjson")).status).toBe(422);
    const json = await postImport(t.app, JSON.stringify({ slug: "x" }), "application/json");
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await count()).toBe(before);
  });

  it("is tenant-scoped: another organization's import is a 404; without catalog:import a 403", async () => {
    const started = await postImport(t.app, ndjson([{ slug: "tenant-row" }]), "application/x-ndjson");
    const id = started.body.data.id;
    const foreign = await call(t.app, "GET", `/api/catalog/import/${id}`, { actor: otherOrgAdmin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");
    expect((await call(t.app, "GET", "/api/catalog/import/not-a-uuid")).status).toBe(404);
    const reader = createTestActor({ id: "reader", permissions: ["catalog:read", "catalog:read:unpublished"] });
    expect((await call(t.app, "GET", `/api/catalog/import/${id}`, { actor: reader })).status).toBe(403);
    expect(
      (await postImport(t.app, ndjson([{ slug: "nope" }]), "application/x-ndjson", { actor: reader })).status,
    ).toBe(403);
    // The other organization's worker run does not write it into their catalog either.
    await finishImport(t.app, t.kernel, id);
    expect((await call(t.app, "GET", "/api/catalog/entities/tenant-row", { actor: otherOrgAdmin })).status).toBe(404);
  });

  it("announces each batch with one catalog.import event (one audit entry), not one per row", async () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({ slug: `batch-${index}`, status: "active" }));
    const started = await postImport(t.app, ndjson(rows), "application/x-ndjson");
    await t.kernel.services.catalogImport.runImport("default", started.body.data.id, { batchSize: 10 });
    const events = await sql<{
      payload: { created: string[] };
    }>`select payload from domain_events where type = 'catalog.import' and entity_id = ${started.body.data.id}`.execute(
      t.db,
    );
    expect(events.rows.map((row) => row.payload.created.length)).toEqual([10, 10, 10]);
    const audit = await sql<{
      count: string;
    }>`select count(*) as count from audit_entries where entity_id = ${started.body.data.id}`.execute(t.db);
    expect(Number(audit.rows[0]?.count)).toBe(3);
  });

  it("documents both routes in /api/doc with the catalog:import permission", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json();
    expect(doc.paths["/api/catalog/import"].post.description).toMatch(/Requires: catalog:import/);
    expect(doc.paths["/api/catalog/import/{id}"].get.responses["200"]).toBeDefined();
    expect(doc.paths["/api/catalog/import"].post.responses["202"]).toBeDefined();
  });

  it.skipIf(!isPostgresTestRun())(
    "imports the same file three times at once, each with four runners, into exactly one copy (PostgreSQL)",
    async () => {
      const rows = Array.from({ length: 120 }, (_, index) => ({
        slug: `race-${index}`,
        status: "active",
        attributes: { en: { title: `Race ${index}` } },
        variants: [
          {
            sku: `RACE-${index}`,
            options: { Size: "M" },
            prices: [{ currency: "EUR", amount: 100 + index }],
            stock: [{ onHand: index % 7 }],
          },
        ],
      }));
      const ids = await Promise.all(
        [0, 1, 2].map(
          async () => (await postImport(t.app, ndjson(rows), "application/x-ndjson")).body.data.id as string,
        ),
      );
      const results = await Promise.all(
        ids.map((id) => t.kernel.services.catalogImport.runImport("default", id, { batchSize: 25, concurrency: 4 })),
      );
      // Rarely (once in four full runs under load) one import refused rows: its recorded reasons say why.
      const reasons = results.some((result) => result.failed > 0)
        ? JSON.stringify(
            (
              await sql`select line, reason from catalog_import_errors where import_id in (${sql.join(ids)}) limit 5`.execute(
                t.db,
              )
            ).rows,
          )
        : "";
      for (const result of results)
        expect(result, reasons).toMatchObject({ status: "completed", rowsDone: 120, failed: 0 });
      expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(120);
      const counts = await sql<Record<string, string | number>>`
      select (select count(*) from catalog_entities where slug like 'race-%') as entities,
             (select count(*) from catalog_variants where sku like 'RACE-%') as variants,
             (select count(*) from pricing_prices p join catalog_variants v on v.id = p.variant_id where v.sku like 'RACE-%') as prices,
             (select count(*) from inventory_levels l join catalog_variants v on v.id = l.variant_id where v.sku like 'RACE-%') as levels`.execute(
        t.db,
      );
      expect(Object.values(counts.rows[0] ?? {}).map(Number)).toEqual([120, 120, 120, 120]);
    },
  );
});
