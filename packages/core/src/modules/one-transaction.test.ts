import { sql, type Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CoreTables } from "../db/core-tables.js";
import { createTestApp, testAdminActor, type TestApp } from "../testing/index.js";
import { call } from "./catalog/testing.js";

/**
 * What checkout will do: catalog, pricing, promotions, tax, stock and an event composed in one caller's
 * transaction through `{ trx }`. A throw at the end leaves nothing of any of them; a commit leaves all.
 */
describe("one transaction across modules", () => {
  let t: TestApp;
  let warehouseId: string;
  let taxClassId: string;

  beforeAll(async () => {
    t = await createTestApp();
    warehouseId = (await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Main", code: "main" } }))
      .body.data.id;
    taxClassId = (await call(t.app, "POST", "/api/tax/classes", { body: { name: "standard", rateBps: 2000 } })).body
      .data.id;
    for (const code of ["ROLLED", "KEPT"]) {
      const created = await call(t.app, "POST", "/api/promotions", {
        body: { code, name: code, type: "percentage_off_order", value: 10, usageLimit: 5 },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  const count = async (query: ReturnType<typeof sql<{ count: number }>>) =>
    (await query.execute(t.db)).rows[0]?.count ?? 0;

  /** Everything the composed change writes, by table; `slug` names its entity. */
  const footprint = async (slug: string, code: string) => {
    const entityIds = sql`(select id from catalog_entities where slug = ${slug})`;
    return {
      entities: await count(sql`select count(*)::int as count from catalog_entities where slug = ${slug}`),
      prices: await count(sql`select count(*)::int as count from pricing_prices where entity_id in ${entityIds}`),
      taxAssignments: await count(
        sql`select count(*)::int as count from tax_class_assignments where entity_id in ${entityIds}`,
      ),
      promotionUsed: await count(sql`select used as count from promotions where code = ${code}`),
      redemptions: await count(
        sql`select count(*)::int as count from promotion_redemptions r join promotions p on p.id = r.promotion_id where p.code = ${code}`,
      ),
      customerUsages: await count(
        sql`select count(*)::int as count from promotion_customer_usages u join promotions p on p.id = u.promotion_id where p.code = ${code}`,
      ),
      stockOnHand: await count(
        sql`select coalesce(sum(on_hand), 0)::int as count from inventory_levels where entity_id in ${entityIds}`,
      ),
      reservations: await count(
        sql`select count(*)::int as count from inventory_reservations where reference = ${slug}`,
      ),
      adjustments: await count(
        sql`select count(*)::int as count from inventory_adjustments where entity_id in ${entityIds}`,
      ),
      // Events name prices, stock levels and entities alike: counted whole, the tests compare before and after.
      events: await count(sql`select count(*)::int as count from domain_events`),
      audit: await count(sql`select count(*)::int as count from audit_entries`),
    };
  };

  /** The composed change on the caller's `trx`; answers what it saw along the way. */
  const composeIn = async (trx: Transaction<CoreTables>, slug: string, code: string) => {
    const { catalog, pricing, promotions, tax, inventory } = t.kernel.services;
    const organizationId = "default";
    const actor = testAdminActor;
    const { result: created } = await catalog.createEntity(
      organizationId,
      { type: "product", slug, status: "active" },
      actor,
      { trx },
    );
    const entity = await catalog.getEntity(organizationId, slug, { actor, include: ["pricing", "inventory"] }, { trx });
    await pricing.upsertPrice(organizationId, { entityId: created.id, currency: "EUR", amount: 2500 }, actor, { trx });
    const [price] = await pricing.resolve(
      { organizationId, currency: "EUR", lines: [{ entityId: created.id }] },
      { trx },
    );
    const lineItems = [{ entityId: created.id, quantity: 2 }];
    const evaluation = await promotions.evaluate(
      { organizationId, currency: "EUR", codes: [code], lineItems, customerId: "customer-1" },
      { trx },
    );
    const redemption = await promotions.redeem(
      { organizationId, code, customerId: "customer-1", discount: evaluation.totalDiscount },
      { trx },
    );
    await tax.assignTaxClass(organizationId, { entityId: created.id, taxClassId }, actor, { trx });
    const taxed = await tax.calculate(
      {
        organizationId,
        lines: [{ entityId: created.id, amount: evaluation.subtotal - evaluation.totalDiscount }],
        isTaxInclusive: false,
      },
      { trx },
    );
    await inventory.adjust(
      organizationId,
      { entityId: created.id, warehouseId, type: "restock", quantity: 10 },
      actor,
      { trx },
    );
    const reservation = await inventory.reserve(
      organizationId,
      { entityId: created.id, warehouseId, quantity: 2, reference: slug },
      { trx },
    );
    await inventory.convert(organizationId, reservation.id, actor, { trx });
    const [stock] = await inventory.check(organizationId, [created.id], { trx });
    await t.kernel.events.emit(
      {
        organizationId,
        type: "catalog.update",
        entityType: "catalogEntity",
        entityId: created.id,
        payload: { change: "checkout", reference: slug },
        actor,
      },
      { trx },
    );
    return { entity, price, evaluation, redemption, taxed, stock };
  };

  it("sees its own writes inside the transaction and leaves nothing when it throws at the end", async () => {
    const before = await footprint("rolled-back-sale", "ROLLED");
    let seen: Awaited<ReturnType<typeof composeIn>> | undefined;
    await expect(
      t.kernel.database.transaction(async (trx) => {
        seen = await composeIn(trx, "rolled-back-sale", "ROLLED");
        // Every step succeeded; the last one of a checkout (the payment) fails.
        throw new Error("payment declined");
      }),
    ).rejects.toThrow("payment declined");

    expect(seen?.entity).toMatchObject({ slug: "rolled-back-sale", pricing: [], inventory: { onHand: 0 } });
    expect(seen?.price?.amount).toBe(2500);
    expect(seen?.evaluation).toMatchObject({ subtotal: 5000, totalDiscount: 500 });
    expect(seen?.redemption).toMatchObject({ used: 1, customerUsed: 1 });
    expect(seen?.taxed).toMatchObject({ net: 4500, tax: 900, gross: 5400 });
    expect(seen?.stock).toMatchObject({ onHand: 8, reserved: 0, available: 8 });

    expect(before).toMatchObject({ entities: 0, promotionUsed: 0 });
    expect(await footprint("rolled-back-sale", "ROLLED")).toEqual(before);
  });

  it("keeps every part when the transaction commits", async () => {
    const before = await footprint("kept-sale", "KEPT");
    const seen = await t.kernel.database.transaction((trx) => composeIn(trx, "kept-sale", "KEPT"));
    expect(seen.redemption).toMatchObject({ used: 1 });
    expect(await footprint("kept-sale", "KEPT")).toEqual({
      entities: 1,
      prices: 1,
      taxAssignments: 1,
      promotionUsed: 1,
      redemptions: 1,
      customerUsages: 1,
      stockOnHand: 8,
      reservations: 1,
      adjustments: 2,
      // catalog.create, pricing.create, tax.update, two inventory.afterAdjust (restock, sale), the explicit catalog.update.
      events: before.events + 6,
      audit: before.audit + 6,
    });
    const read = await call(t.app, "GET", "/api/catalog/entities/kept-sale?include=pricing,inventory");
    expect(read.body.data).toMatchObject({
      pricing: [{ currency: "EUR", amount: 2500 }],
      inventory: { onHand: 8, reserved: 0 },
    });
  });
});
