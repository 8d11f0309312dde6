import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, TEST_ORGANIZATION_ID, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin, storefrontActor } from "../catalog/testing.js";

describe("inventory", () => {
  let t: TestApp;
  let warehouseId: string;
  let entityId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Main", code: "main" } });
    warehouseId = warehouse.body.data.id;
    entityId = await createEntity(t.app, { slug: "stocked" });
  });
  afterAll(() => t.close());

  const level = async (id = entityId) =>
    (await call(t.app, "GET", `/api/inventory/check?entityIds=${id}`)).body.data[0];

  it("creates and lists warehouses; a duplicate code is a 409", async () => {
    expect(
      (await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Again", code: "main" } })).status,
    ).toBe(409);
    const list = await call(t.app, "GET", "/api/inventory/warehouses", { actor: storefrontActor });
    expect(list.body.data.map((w: { code: string }) => w.code)).toEqual(["main"]);
    expect(list.body.meta.pagination.total).toBe(1);
    expect(
      (
        await call(t.app, "POST", "/api/inventory/warehouses", {
          actor: storefrontActor,
          body: { name: "x", code: "x" },
        })
      ).status,
    ).toBe(403);
  });

  it("adjusts stock by type and emits inventory.afterAdjust with before and after", async () => {
    const restock = await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "restock", quantity: 20 },
    });
    expect(restock.status).toBe(200);
    expect(restock.body.data).toMatchObject({ onHand: 20, reserved: 0, available: 20 });
    await call(t.app, "POST", "/api/inventory/adjust", { body: { entityId, warehouseId, type: "sale", quantity: 3 } });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "damage", quantity: 1 },
    });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "return", quantity: 2 },
    });
    const corrected = await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "correction", quantity: -8 },
    });
    expect(corrected.body.data.onHand).toBe(10);
    const events = await sql<{ payload: { type: string; before: { onHand: number }; after: { onHand: number } } }>`
      select payload from domain_events where type = 'inventory.afterAdjust' order by sequence`.execute(t.db);
    expect(events.rows.map((row) => [row.payload.type, row.payload.before.onHand, row.payload.after.onHand])).toEqual([
      ["restock", 0, 20],
      ["sale", 20, 17],
      ["damage", 17, 16],
      ["return", 16, 18],
      ["correction", 18, 10],
    ]);
  });

  it("refuses removing more than is available (409) and bad input (422), changing nothing", async () => {
    const before = await level();
    const tooMuch = await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "sale", quantity: 999 },
    });
    expect(tooMuch.status).toBe(409);
    for (const body of [
      { entityId, warehouseId, type: "theft", quantity: 1 },
      { entityId, warehouseId, type: "restock", quantity: -5 },
      { entityId, warehouseId, type: "correction", quantity: 0 },
      { entityId: "nope", warehouseId, type: "restock", quantity: 1 },
    ]) {
      expect((await call(t.app, "POST", "/api/inventory/adjust", { body })).status).toBe(422);
    }
    expect(await level()).toEqual(before);
  });

  it("reserves, releases and converts; reservations expire unless converted", async () => {
    const id = await createEntity(t.app, { slug: "reservable" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId: id, warehouseId, type: "restock", quantity: 5 },
    });
    const held = await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 2 } });
    expect(held.status).toBe(201);
    expect(held.body.data).toMatchObject({ status: "active", quantity: 2, warehouseId });
    expect(await level(id)).toMatchObject({ onHand: 5, reserved: 2, available: 3 });
    expect((await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 4 } })).status).toBe(
      409,
    );
    const released = await call(t.app, "POST", "/api/inventory/release", {
      body: { reservationId: held.body.data.id },
    });
    expect(released.body.data.status).toBe("released");
    expect(
      (await call(t.app, "POST", "/api/inventory/release", { body: { reservationId: held.body.data.id } })).status,
    ).toBe(409);
    expect(await level(id)).toMatchObject({ reserved: 0, available: 5 });

    const sold = await call(t.app, "POST", "/api/inventory/reserve", {
      body: { entityId: id, warehouseId, quantity: 1 },
    });
    expect(
      (await call(t.app, "POST", "/api/inventory/convert", { body: { reservationId: sold.body.data.id } })).body.data
        .status,
    ).toBe("converted");
    expect(await level(id)).toMatchObject({ onHand: 4, reserved: 0, available: 4 });

    const expiring = await call(t.app, "POST", "/api/inventory/reserve", {
      body: { entityId: id, quantity: 3, ttlSeconds: 60 },
    });
    expect(await level(id)).toMatchObject({ available: 1 });
    await sql`update inventory_reservations set expires_at = now() - interval '1 second' where id = ${expiring.body.data.id}`.execute(
      t.db,
    );
    expect(await level(id)).toMatchObject({ onHand: 4, reserved: 0, available: 4 });
    expect(
      (await call(t.app, "POST", "/api/inventory/convert", { body: { reservationId: expiring.body.data.id } })).status,
    ).toBe(409);
  });

  it("sells at once (checkout's path): a converted reservation under its reference, the sale adjustment and event; refused like reserve with nothing written", async () => {
    const id = await createEntity(t.app, { slug: "sold-at-once" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId: id, warehouseId, type: "restock", quantity: 5 },
    });
    await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 1 } });
    const { inventory } = t.kernel.services;
    const actor = { type: "user" as const, id: "seller", organizationId: TEST_ORGANIZATION_ID, permissions: ["*"] };
    const sold = await inventory.sell(
      TEST_ORGANIZATION_ID,
      { entityId: id, quantity: 3, reference: "cart:sold-at-once" },
      actor,
    );
    expect(sold).toMatchObject({ status: "converted", quantity: 3, warehouseId, reference: "cart:sold-at-once" });
    expect(await level(id)).toMatchObject({ onHand: 2, reserved: 1, available: 1 });
    expect(await inventory.listByReference(TEST_ORGANIZATION_ID, "cart:sold-at-once")).toEqual([sold]);
    const adjustment = await sql<{
      type: string;
      quantity: number;
      onHandAfter: number;
      actorId: string;
      note: string;
    }>`
      select type, quantity, on_hand_after, actor_id, note from inventory_adjustments where entity_id = ${id} and type = 'sale'`.execute(
      t.db,
    );
    expect(adjustment.rows).toEqual([
      { type: "sale", quantity: -3, onHandAfter: 2, actorId: "seller", note: `reservation ${sold.id}` },
    ]);
    const event = await sql<{ payload: Record<string, unknown> }>`
      select payload from domain_events where type = 'inventory.afterAdjust' and payload->>'reservationId' = ${sold.id}`.execute(
      t.db,
    );
    expect(event.rows.map((row) => row.payload)).toEqual([
      {
        entityId: id,
        variantId: null,
        warehouseId,
        type: "sale",
        quantity: -3,
        reservationId: sold.id,
        before: { onHand: 5 },
        after: { onHand: 2, reserved: 1, available: 1 },
      },
    ]);

    const counts = async () =>
      (
        await sql<{ n: number }>`
      select (select count(*) from inventory_reservations where entity_id = ${id}) + (select count(*) from inventory_adjustments where entity_id = ${id})
        + (select count(*) from domain_events where entity_type = 'inventoryLevel')::int as n`.execute(t.db)
      ).rows[0]?.n;
    const before = await counts();
    await expect(inventory.sell(TEST_ORGANIZATION_ID, { entityId: id, quantity: 2 }, actor)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      inventory.sell(
        TEST_ORGANIZATION_ID,
        { entityId: id, variantId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
        actor,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await counts()).toBe(before);
    expect(await level(id)).toMatchObject({ onHand: 2, reserved: 1, available: 1 });
  });

  it("holds a reservation until its expiresAt, and refuses a past, too distant or doubled expiry with nothing held", async () => {
    const id = await createEntity(t.app, { slug: "held-long" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId: id, warehouseId, type: "restock", quantity: 5 },
    });
    const until = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const held = await call(t.app, "POST", "/api/inventory/reserve", {
      body: { entityId: id, quantity: 2, expiresAt: until },
    });
    expect(held.status).toBe(201);
    expect(new Date(held.body.data.expiresAt).getTime()).toBe(new Date(until).getTime());
    // Far past the default 900 seconds, the hold is still there.
    await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 1, ttlSeconds: 1 } });
    await sql`update inventory_reservations set expires_at = now() - interval '1 second' where entity_id = ${id} and id <> ${held.body.data.id}`.execute(
      t.db,
    );
    expect(await level(id)).toMatchObject({ onHand: 5, reserved: 2, available: 3 });

    for (const body of [
      { entityId: id, quantity: 1, expiresAt: new Date(Date.now() - 1000).toISOString() },
      { entityId: id, quantity: 1, expiresAt: new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString() },
      { entityId: id, quantity: 1, expiresAt: until, ttlSeconds: 60 },
      { entityId: id, quantity: 1, expiresAt: "tomorrow" },
    ]) {
      const refused = await call(t.app, "POST", "/api/inventory/reserve", { body });
      expect(refused.status).toBe(422);
    }
    expect(await level(id)).toMatchObject({ onHand: 5, reserved: 2, available: 3 });
    // The service checks the same rules without the route's schema.
    await expect(
      t.kernel.services.inventory.reserve(TEST_ORGANIZATION_ID, {
        entityId: id,
        quantity: 1,
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  // Security issue 31: a storefront key (inventory:read) learned that a draft exists, and its stock.
  it("answers a storefront checking an unpublished entity's stock as for an unknown one; stock keepers see it", async () => {
    const draft = await createEntity(t.app, { slug: "draft-stock", status: "draft" });
    const missing = "00000000-0000-4000-8000-000000000000";
    const unknown = await call(t.app, "GET", `/api/inventory/check?entityIds=${missing}`, { actor: storefrontActor });
    const unpublished = await call(t.app, "GET", `/api/inventory/check?entityIds=${draft}`, { actor: storefrontActor });
    expect(unknown.status).toBe(404);
    expect([unpublished.status, unpublished.body]).toEqual([unknown.status, unknown.body]);
    expect(
      (await call(t.app, "GET", `/api/inventory/check?entityIds=${entityId}`, { actor: storefrontActor })).status,
    ).toBe(200);
    expect((await call(t.app, "GET", `/api/inventory/check?entityIds=${draft}`)).body.data[0]).toMatchObject({
      entityId: draft,
      onHand: 0,
    });
  });

  it("answers 404 for unknown entities in check and reserve", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await call(t.app, "GET", `/api/inventory/check?entityIds=${entityId},${missing}`)).status).toBe(404);
    expect(
      (await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: missing, quantity: 1 } })).status,
    ).toBe(404);
    expect((await call(t.app, "GET", "/api/inventory/check?entityIds=not-a-uuid")).status).toBe(422);
    // Regression: an unknown warehouse used to read as "insufficient stock" (409).
    const unknownWarehouse = await call(t.app, "POST", "/api/inventory/reserve", {
      body: { entityId, warehouseId: missing, quantity: 1 },
    });
    expect(unknownWarehouse.status).toBe(404);
    expect(unknownWarehouse.body.error.code).toBe("NOT_FOUND");
  });

  it("gives back an expired hold when it is what a reservation lacks, and tells an unknown variant (404) from no stock (409)", async () => {
    const id = await createEntity(t.app, { slug: "held-then-lapsed" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId: id, warehouseId, type: "restock", quantity: 3 },
    });
    const lapsed = await call(t.app, "POST", "/api/inventory/reserve", {
      body: { entityId: id, quantity: 3, ttlSeconds: 60 },
    });
    await sql`update inventory_reservations set expires_at = now() - interval '1 second' where id = ${lapsed.body.data.id}`.execute(
      t.db,
    );
    // No stock read in between: the reservation itself finds the lapsed hold and gives it back.
    const held = await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 3 } });
    expect(held.status).toBe(201);
    const statuses = await sql<{
      id: string;
      status: string;
    }>`select id, status from inventory_reservations where entity_id = ${id} order by created_at`.execute(t.db);
    expect(statuses.rows).toEqual([
      { id: lapsed.body.data.id, status: "expired" },
      { id: held.body.data.id, status: "active" },
    ]);
    expect(await level(id)).toMatchObject({ onHand: 3, reserved: 3, available: 0 });
    expect((await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: id, quantity: 1 } })).status).toBe(
      409,
    );

    const unknownVariant = await call(t.app, "POST", "/api/inventory/reserve", {
      body: { entityId: id, variantId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
    });
    expect(unknownVariant.status).toBe(404);
    const neverStocked = await createEntity(t.app, { slug: "never-stocked" });
    expect(
      (await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: neverStocked, quantity: 1 } })).status,
    ).toBe(409);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from inventory_reservations where entity_id in (${id}, ${neverStocked})`.execute(t.db);
    expect(count.rows[0]?.n).toBe(2);
  });

  it("removes an entity's stock with the entity", async () => {
    const id = await createEntity(t.app, { slug: "short-lived" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId: id, warehouseId, type: "restock", quantity: 1 },
    });
    await call(t.app, "DELETE", `/api/catalog/entities/${id}`);
    const rows = await sql<{
      count: number;
    }>`select count(*)::int as count from inventory_levels where entity_id = ${id}`.execute(t.db);
    expect(rows.rows[0]?.count).toBe(0);
  });

  it("shows the inventory include on catalog entities", async () => {
    const entity = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=inventory`);
    expect(entity.body.data.inventory).toMatchObject({ onHand: 10, available: 10 });
  });

  it("never reads or changes another organization's stock", async () => {
    const before = await level();
    const reservation = await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId, quantity: 1 } });
    const attempts = await Promise.all([
      call(t.app, "GET", `/api/inventory/check?entityIds=${entityId}`, { actor: otherOrgAdmin }),
      call(t.app, "POST", "/api/inventory/adjust", {
        actor: otherOrgAdmin,
        body: { entityId, warehouseId, type: "restock", quantity: 5 },
      }),
      call(t.app, "POST", "/api/inventory/reserve", { actor: otherOrgAdmin, body: { entityId, quantity: 1 } }),
      call(t.app, "POST", "/api/inventory/release", {
        actor: otherOrgAdmin,
        body: { reservationId: reservation.body.data.id },
      }),
      call(t.app, "POST", "/api/inventory/convert", {
        actor: otherOrgAdmin,
        body: { reservationId: reservation.body.data.id },
      }),
    ]);
    for (const response of attempts) expect(response.status).toBe(404);
    expect((await call(t.app, "GET", "/api/inventory/warehouses", { actor: otherOrgAdmin })).body.data).toEqual([]);
    // Another organization's warehouse is not found either, even for its own entity.
    const foreignEntity = await createEntity(t.app, { slug: "foreign" }, otherOrgAdmin);
    const foreignAdjust = await call(t.app, "POST", "/api/inventory/adjust", {
      actor: otherOrgAdmin,
      body: { entityId: foreignEntity, warehouseId, type: "restock", quantity: 5 },
    });
    expect(foreignAdjust.status).toBe(404);
    await call(t.app, "POST", "/api/inventory/release", { body: { reservationId: reservation.body.data.id } });
    expect(await level()).toEqual({
      ...before,
      levels: before.levels.map((l: { updatedAt: string }) => ({ ...l, updatedAt: expect.any(String) })),
    });
  });
});

describe.runIf(isPostgresTestRun())("inventory under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lets exactly 10 of 200 concurrent reservations take the last 10 units", async () => {
    const warehouseId = (
      await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Race", code: "race" } })
    ).body.data.id;
    const entityId = await createEntity(t.app, { slug: "last-units" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "restock", quantity: 10 },
    });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        call(t.app, "POST", "/api/inventory/reserve", { body: { entityId, quantity: 1 } }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    const stock = (await call(t.app, "GET", `/api/inventory/check?entityIds=${entityId}`)).body.data[0];
    expect(stock).toMatchObject({ onHand: 10, reserved: 10, available: 0 });
  });

  it("lets exactly 10 of 60 concurrent sells and reservations take the last 10 units", async () => {
    const warehouseId = (
      await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Sell race", code: "sell-race" } })
    ).body.data.id;
    const entityId = await createEntity(t.app, { slug: "last-units-sold" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "restock", quantity: 10 },
    });
    const { inventory } = t.kernel.services;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? inventory.sell(TEST_ORGANIZATION_ID, { entityId, quantity: 1 }, null)
          : inventory.reserve(TEST_ORGANIZATION_ID, { entityId, quantity: 1 }),
      ),
    );
    const taken = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(taken).toHaveLength(10);
    expect(
      outcomes
        .filter((outcome) => outcome.status === "rejected")
        .every((outcome) => (outcome.reason as { code?: string }).code === "CONFLICT"),
    ).toBe(true);
    const sold = taken.filter((reservation) => reservation.status === "converted").length;
    const stock = (await call(t.app, "GET", `/api/inventory/check?entityIds=${entityId}`)).body.data[0];
    expect(stock).toMatchObject({ onHand: 10 - sold, reserved: 10 - sold, available: 0 });
  });

  it("never lets concurrent sales and reservations push available stock below zero", async () => {
    const warehouseId = (
      await call(t.app, "POST", "/api/inventory/warehouses", { body: { name: "Mixed", code: "mixed" } })
    ).body.data.id;
    const entityId = await createEntity(t.app, { slug: "mixed-race" });
    await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type: "restock", quantity: 20 },
    });
    const work = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? call(t.app, "POST", "/api/inventory/reserve", { body: { entityId, quantity: 1 } })
        : call(t.app, "POST", "/api/inventory/adjust", { body: { entityId, warehouseId, type: "sale", quantity: 1 } }),
    );
    const results = await Promise.all(work);
    const succeeded = results.filter((result) => result.status === 200 || result.status === 201).length;
    expect(succeeded).toBe(20);
    expect((await call(t.app, "GET", `/api/inventory/check?entityIds=${entityId}`)).body.data[0].available).toBe(0);
  });
});
