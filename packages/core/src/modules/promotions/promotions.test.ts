import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";

const marketer = createTestActor({
  id: "marketer",
  permissions: ["promotions:create", "promotions:update", "promotions:read"],
});
const reader = createTestActor({ id: "promo-reader", permissions: ["promotions:read"] });
const DAY = 86_400_000;

describe("promotions", () => {
  let t: TestApp;
  let shirt: string;
  let mug: string;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp();
    shirt = await createEntity(t.app, { slug: "shirt" });
    mug = await createEntity(t.app, { slug: "mug" });
    await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: shirt, currency: "EUR", amount: 2000 } });
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId: shirt, currency: "EUR", customerGroupId: "staff", amount: 1000 },
    });
    await call(t.app, "POST", "/api/pricing/prices", { body: { entityId: mug, currency: "EUR", amount: 999 } });
    categoryId = (await call(t.app, "POST", "/api/catalog/categories", { body: { name: "Kitchen", slug: "kitchen" } }))
      .body.data.id;
    await call(t.app, "POST", `/api/catalog/entities/${mug}/categories/${categoryId}`);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await call(t.app, "POST", "/api/promotions", {
      actor: marketer,
      body: { name: "Promo", ...body },
    });
    if (response.status !== 201)
      throw new Error(`promotion not created: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as { id: string; code: string };
  };
  const validate = (code: string, lineItems: unknown[], extra: Record<string, unknown> = {}) =>
    call(t.app, "POST", "/api/promotions/validate", {
      actor: undefined,
      body: { code, currency: "EUR", lineItems, ...extra },
    });
  const cart = () => [
    { entityId: shirt, quantity: 2 },
    { entityId: mug, quantity: 1 },
  ];
  const countPromotions = async () =>
    Number((await sql<{ count: string }>`select count(*) as count from promotions`.execute(t.db)).rows[0]?.count);

  it("creates a promotion with dates converted on the server and emits promotions.create", async () => {
    const validFrom = new Date(Date.now() - DAY).toISOString();
    const validUntil = new Date(Date.now() + DAY).toISOString();
    const created = await call(t.app, "POST", "/api/promotions", {
      actor: marketer,
      body: { code: "Summer10", name: "Summer", type: "percentage_off_order", value: 10, validFrom, validUntil },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code: "Summer10",
      type: "percentage_off_order",
      value: 10,
      used: 0,
      isActive: true,
      validFrom,
      validUntil,
    });
    const dateOnly = await call(t.app, "POST", "/api/promotions", {
      actor: marketer,
      body: {
        code: "NEWYEAR",
        name: "New year",
        type: "free_shipping",
        validFrom: "2020-01-01",
        validUntil: "2020-01-02",
      },
    });
    expect(dateOnly.body.data).toMatchObject({
      validFrom: "2020-01-01T00:00:00.000Z",
      validUntil: "2020-01-02T00:00:00.000Z",
    });
    const stored = await sql<{
      validFrom: Date;
    }>`select valid_from as "validFrom" from promotions where id = ${created.body.data.id}`.execute(t.db);
    expect(stored.rows[0]?.validFrom).toBeInstanceOf(Date);
    const events = await sql<{
      type: string;
    }>`select type from domain_events where entity_id = ${created.body.data.id}`.execute(t.db);
    expect(events.rows.map((row) => row.type)).toEqual(["promotions.create"]);
  });

  it("keeps codes unique per organization whatever their case (409), and lets another organization reuse them", async () => {
    const before = await countPromotions();
    expect(
      (
        await call(t.app, "POST", "/api/promotions", {
          actor: marketer,
          body: { code: "SUMMER10", name: "Dup", type: "free_shipping" },
        })
      ).status,
    ).toBe(409);
    expect(await countPromotions()).toBe(before);
    const other = await call(t.app, "POST", "/api/promotions", {
      actor: otherOrgAdmin,
      body: { code: "summer10", name: "Theirs", type: "free_shipping" },
    });
    expect(other.status).toBe(201);
  });

  it("refuses bad promotions with 422, writing nothing", async () => {
    const before = await countPromotions();
    for (const body of [
      { code: "bad code!", type: "free_shipping" },
      { code: "P1", type: "percentage_off_order", value: 0 },
      { code: "P2", type: "percentage_off_order", value: 101 },
      { code: "P3", type: "percentage_off_order", value: 10.001 },
      { code: "P4", type: "fixed_off_order", value: 500 },
      { code: "P5", type: "fixed_off_order", value: 5.5, currency: "EUR" },
      { code: "P6", type: "buy_x_get_y", value: 100 },
      { code: "P7", type: "free_shipping", value: 5 },
      { code: "P8", type: "mystery", value: 5 },
      {
        code: "P9",
        type: "percentage_off_order",
        value: 10,
        validFrom: "2030-01-02T00:00:00Z",
        validUntil: "2030-01-01T00:00:00Z",
      },
      { code: "P10", type: "percentage_off_order", value: 10, validFrom: "next tuesday" },
      {
        code: "P11",
        type: "percentage_off_item",
        value: 10,
        eligibleEntityIds: ["00000000-0000-4000-8000-000000000000"],
      },
      { code: "P12", type: "percentage_off_order", value: 10, usageLimit: 0 },
    ]) {
      const response = await call(t.app, "POST", "/api/promotions", {
        actor: marketer,
        body: { name: "Bad", ...body },
      });
      expect([response.status, body.code]).toEqual([422, body.code]);
    }
    expect(await countPromotions()).toBe(before);
  });

  // Regression: the spec's create request has no currency, and a fixed_off_order without one was a 422.
  it("gives a fixed discount created without a currency the store's settings.general.currency, and says how to fix a store without one", async () => {
    const storeAdmin = createTestActor({ id: "store-admin", permissions: ["*:*"], organizationId: "currency-store" });
    const body = { code: "TENOFF", name: "Ten off", type: "fixed_off_order", value: 1000 };
    const refused = await call(t.app, "POST", "/api/promotions", { actor: storeAdmin, body });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      message:
        "body.currency: a fixed discount needs a currency: pass one, or set the store's settings.general.currency",
    });

    expect(
      (await call(t.app, "PATCH", "/api/settings/general", { actor: storeAdmin, body: { currency: "GBP" } })).status,
    ).toBe(200);
    const created = await call(t.app, "POST", "/api/promotions", { actor: storeAdmin, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: "TENOFF", value: 1000, currency: "GBP" });
    const item = await call(t.app, "POST", "/api/promotions", {
      actor: storeAdmin,
      body: { ...body, code: "ONEOFF", type: "fixed_off_item", value: 100 },
    });
    expect(item.body.data).toMatchObject({ type: "fixed_off_item", currency: "GBP" });
    const explicit = await call(t.app, "POST", "/api/promotions", {
      actor: storeAdmin,
      body: { ...body, code: "TENOFFEUR", currency: "EUR" },
    });
    expect(explicit.body.data).toMatchObject({ currency: "EUR" });
    // A percentage applies in any currency: it takes none from the store.
    const percent = await call(t.app, "POST", "/api/promotions", {
      actor: storeAdmin,
      body: { code: "TENPCT", name: "Ten percent", type: "percentage_off_order", value: 10 },
    });
    expect(percent.body.data).toMatchObject({ currency: null });
  });

  it("validates a code against server prices, line by line, ignoring client prices and redeeming nothing", async () => {
    const lines = cart().map((line) => ({ ...line, unitPrice: 1, totalPrice: 1 }));
    const response = await validate("summer10", lines, { subtotal: 2 });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      code: "Summer10",
      isApplicable: true,
      reason: null,
      subtotal: 4999,
      discount: 500,
      totalDiscount: 500,
    });
    // 10 % of 4000 = 400; 10 % of 999 = 99.9 → 100 (half away from zero per line).
    expect(
      response.body.data.lines.map((l: { unitPrice: number; totalPrice: number; discount: number }) => [
        l.unitPrice,
        l.totalPrice,
        l.discount,
      ]),
    ).toEqual([
      [2000, 4000, 400],
      [999, 999, 100],
    ]);
    const used = await sql<{
      used: number;
    }>`select used from promotions where code = 'Summer10' and organization_id = 'default'`.execute(t.db);
    expect(used.rows[0]?.used).toBe(0);
    // Customer-group prices come from the pricing service too.
    const staff = await validate("SUMMER10", [{ entityId: shirt, quantity: 1 }], { customerGroupIds: ["staff"] });
    expect(staff.body.data).toMatchObject({ subtotal: 1000, discount: 100 });
  });

  it("answers 404 for an unknown code or entity and 422 for an unpriced line or bad input", async () => {
    expect((await validate("NOPE", cart())).status).toBe(404);
    expect(
      (await validate("SUMMER10", [{ entityId: "00000000-0000-4000-8000-000000000000", quantity: 1 }])).status,
    ).toBe(404);
    const unpriced = await createEntity(t.app, { slug: "unpriced" });
    expect((await validate("SUMMER10", [{ entityId: unpriced, quantity: 1 }])).status).toBe(422);
    expect((await validate("SUMMER10", [])).status).toBe(422);
    expect((await validate("SUMMER10", [{ entityId: shirt, quantity: 0 }])).status).toBe(422);
    expect(
      (
        await call(t.app, "POST", "/api/promotions/validate", {
          body: { code: "SUMMER10", currency: "eur", lineItems: cart() },
        })
      ).status,
    ).toBe(422);
  });

  it("computes every promotion type", async () => {
    await create({ code: "FIVEOFF", type: "fixed_off_order", value: 500, currency: "EUR" });
    await create({ code: "ITEM25", type: "percentage_off_item", value: 25, eligibleEntityIds: [shirt] });
    await create({
      code: "MUG1",
      type: "fixed_off_item",
      value: 100,
      currency: "EUR",
      eligibleCategoryIds: [categoryId],
    });
    await create({ code: "B2G1", type: "buy_x_get_y", value: 100, buyQuantity: 2, getQuantity: 1 });
    await create({ code: "SHIPFREE", type: "free_shipping" });
    const discounts = async (code: string, lines = cart()) => {
      const response = await validate(code, lines);
      expect(response.status).toBe(200);
      return [
        response.body.data.discount,
        response.body.data.lines.map((l: { discount: number }) => l.discount),
        response.body.data.isFreeShipping,
      ];
    };
    // 500 spread over 4000 and 999 in proportion: 400.08 → 400, 99.92 → 100 (largest remainder).
    expect(await discounts("FIVEOFF")).toEqual([500, [400, 100], false]);
    expect(await discounts("ITEM25")).toEqual([1000, [1000, 0], false]);
    expect(
      await discounts("MUG1", [
        { entityId: mug, quantity: 3 },
        { entityId: shirt, quantity: 1 },
      ]),
    ).toEqual([300, [300, 0], false]);
    // Three units: the cheapest one (the mug) is free.
    expect(await discounts("B2G1")).toEqual([999, [0, 999], false]);
    expect(await discounts("B2G1", [{ entityId: shirt, quantity: 6 }])).toEqual([4000, [4000], false]);
    expect(await discounts("SHIPFREE")).toEqual([0, [0, 0], true]);
    // A fixed discount never exceeds the cart.
    await create({ code: "HUGE", type: "fixed_off_order", value: 1_000_000, currency: "EUR" });
    expect(await discounts("HUGE")).toEqual([4999, [4000, 999], false]);
  });

  it("checks the conditions and says why a code does not apply", async () => {
    await create({ code: "MIN50", type: "percentage_off_order", value: 10, minSubtotal: 5000 });
    await create({ code: "VIPONLY", type: "percentage_off_order", value: 10, customerGroupIds: ["vip"] });
    await create({
      code: "LATER",
      type: "percentage_off_order",
      value: 10,
      validFrom: new Date(Date.now() + DAY).toISOString(),
    });
    await create({
      code: "GONE",
      type: "percentage_off_order",
      value: 10,
      validFrom: new Date(Date.now() - 2 * DAY).toISOString(),
      validUntil: new Date(Date.now() - DAY).toISOString(),
    });
    await create({ code: "USD5", type: "fixed_off_order", value: 500, currency: "USD" });
    await create({ code: "MUGONLY", type: "percentage_off_item", value: 10, eligibleEntityIds: [mug] });
    await create({ code: "ONCE", type: "percentage_off_order", value: 10, perCustomerLimit: 1 });
    const reason = async (code: string, extra: Record<string, unknown> = {}, lines = cart()) => {
      const response = await validate(code, lines, extra);
      return [response.body.data.isApplicable, response.body.data.reason, response.body.data.discount];
    };
    expect(await reason("MIN50")).toEqual([false, "MINIMUM_SUBTOTAL_NOT_MET", 0]);
    expect(await reason("MIN50", {}, [{ entityId: shirt, quantity: 3 }])).toEqual([true, null, 600]);
    expect(await reason("VIPONLY")).toEqual([false, "CUSTOMER_GROUP_NOT_ELIGIBLE", 0]);
    expect(await reason("VIPONLY", { customerGroupIds: ["vip"] })).toEqual([true, null, 500]);
    expect(await reason("LATER")).toEqual([false, "NOT_STARTED", 0]);
    expect(await reason("GONE")).toEqual([false, "EXPIRED", 0]);
    expect(await reason("USD5")).toEqual([false, "CURRENCY_MISMATCH", 0]);
    expect(await reason("MUGONLY", {}, [{ entityId: shirt, quantity: 1 }])).toEqual([false, "NO_ELIGIBLE_ITEMS", 0]);
    expect(await reason("ONCE")).toEqual([false, "CUSTOMER_REQUIRED", 0]);
    expect(await reason("ONCE", { customerId: "c-1" })).toEqual([true, null, 500]);
    await t.kernel.database.transaction((trx) =>
      t.kernel.services.promotions.redeem({ organizationId: "default", code: "once", customerId: "c-1" }, { trx }),
    );
    expect(await reason("ONCE", { customerId: "c-1" })).toEqual([false, "CUSTOMER_LIMIT_REACHED", 0]);
    expect(await reason("ONCE", { customerId: "c-2" })).toEqual([true, null, 500]);
    const limited = await create({ code: "TWICE", type: "percentage_off_order", value: 10, usageLimit: 1 });
    await t.kernel.database.transaction((trx) =>
      t.kernel.services.promotions.redeem({ organizationId: "default", code: "TWICE" }, { trx }),
    );
    expect(await reason("TWICE")).toEqual([false, "USAGE_LIMIT_REACHED", 0]);
    await expect(
      t.kernel.database.transaction((trx) =>
        t.kernel.services.promotions.redeem({ organizationId: "default", code: "TWICE" }, { trx }),
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(
      (await call(t.app, "PATCH", `/api/promotions/${limited.id}`, { actor: marketer, body: { usageLimit: 3 } })).body
        .data,
    ).toMatchObject({ usageLimit: 3, used: 1 });
    expect(await reason("TWICE")).toEqual([true, null, 500]);
  });

  it("stacks stackable promotions on what the earlier ones left, and keeps exclusive ones alone", async () => {
    await create({ code: "STACK10", type: "percentage_off_order", value: 10, isStackable: true });
    await create({ code: "STACK5EUR", type: "fixed_off_order", value: 500, currency: "EUR", isStackable: true });
    await create({ code: "SOLO20", type: "percentage_off_order", value: 20 });
    const stacked = await validate("STACK5EUR", [{ entityId: shirt, quantity: 1 }], { appliedCodes: ["STACK10"] });
    // 2000 - 10 % = 1800, then 500 off → total discount 700.
    expect(stacked.body.data).toMatchObject({
      isApplicable: true,
      discount: 500,
      totalDiscount: 700,
      appliedCodes: [{ code: "STACK10", isApplicable: true, discount: 200 }],
    });
    const afterSolo = await validate("STACK10", [{ entityId: shirt, quantity: 1 }], { appliedCodes: ["SOLO20"] });
    expect(afterSolo.body.data).toMatchObject({
      isApplicable: false,
      reason: "NOT_STACKABLE",
      discount: 0,
      totalDiscount: 400,
    });
    const soloAfter = await validate("SOLO20", [{ entityId: shirt, quantity: 1 }], { appliedCodes: ["STACK10"] });
    expect(soloAfter.body.data).toMatchObject({ isApplicable: false, reason: "NOT_STACKABLE", totalDiscount: 200 });
    const twice = await validate("stack10", [{ entityId: shirt, quantity: 1 }], { appliedCodes: ["STACK10"] });
    expect(twice.body.data).toMatchObject({ isApplicable: false, reason: "DUPLICATE_CODE" });
    // Stacked discounts never exceed the cart.
    await create({ code: "STACKHUGE", type: "fixed_off_order", value: 1_000_000, currency: "EUR", isStackable: true });
    const capped = await validate("STACKHUGE", [{ entityId: shirt, quantity: 1 }], { appliedCodes: ["STACK10"] });
    expect(capped.body.data).toMatchObject({ discount: 1800, totalDiscount: 2000 });
  });

  it("lists active promotions only; deactivates (promotions.update) and updates with promotions:update", async () => {
    const listed = await call(t.app, "GET", "/api/promotions?limit=100", { actor: marketer });
    const codes = listed.body.data.map((p: { code: string }) => p.code);
    expect(codes).toContain("Summer10");
    expect(codes).not.toContain("LATER");
    expect(codes).not.toContain("GONE");
    const promo = listed.body.data.find((p: { code: string }) => p.code === "Summer10");
    expect((await call(t.app, "POST", `/api/promotions/${promo.id}/deactivate`, { actor: reader })).status).toBe(403);
    const deactivated = await call(t.app, "POST", `/api/promotions/${promo.id}/deactivate`, { actor: marketer });
    expect(deactivated.body.data.isActive).toBe(false);
    expect((await validate("SUMMER10", cart())).body.data).toMatchObject({ isApplicable: false, reason: "INACTIVE" });
    expect(
      (await call(t.app, "GET", "/api/promotions?limit=100", { actor: marketer })).body.data.map(
        (p: { code: string }) => p.code,
      ),
    ).not.toContain("Summer10");
    const patched = await call(t.app, "PATCH", `/api/promotions/${promo.id}`, {
      actor: marketer,
      body: { name: "Summer sale", value: 15, isActive: true },
    });
    expect(patched.body.data).toMatchObject({
      name: "Summer sale",
      value: 15,
      isActive: true,
      type: "percentage_off_order",
    });
    const events = await sql<{
      type: string;
      change: string;
    }>`select type, payload->>'change' as change from domain_events where entity_id = ${promo.id} order by sequence`.execute(
      t.db,
    );
    expect(events.rows.map((row) => [row.type, row.change])).toEqual([
      ["promotions.create", "created"],
      ["promotions.update", "deactivated"],
      ["promotions.update", "updated"],
    ]);
  });

  it("refuses bad updates with 422 or 409, changing nothing", async () => {
    const promo = await create({ code: "STEADY", type: "percentage_off_order", value: 10 });
    await create({ code: "TAKEN", type: "free_shipping" });
    const before = (await call(t.app, "GET", "/api/promotions?limit=100", { actor: marketer })).body.data.find(
      (p: { id: string }) => p.id === promo.id,
    );
    for (const body of [
      { value: 150 },
      { validUntil: "2000-01-01T00:00:00Z" },
      { code: "no spaces" },
      { type: "free_shipping", value: 10 },
      { usageLimit: -1 },
    ]) {
      expect((await call(t.app, "PATCH", `/api/promotions/${promo.id}`, { actor: marketer, body })).status).toBe(422);
    }
    expect(
      (await call(t.app, "PATCH", `/api/promotions/${promo.id}`, { actor: marketer, body: { code: "taken" } })).status,
    ).toBe(409);
    expect(
      (
        await call(t.app, "PATCH", `/api/promotions/00000000-0000-4000-8000-000000000000`, {
          actor: marketer,
          body: { value: 5 },
        })
      ).status,
    ).toBe(404);
    const after = (await call(t.app, "GET", "/api/promotions?limit=100", { actor: marketer })).body.data.find(
      (p: { id: string }) => p.id === promo.id,
    );
    expect(after).toEqual(before);
  });

  it("enforces permissions", async () => {
    expect(
      (
        await call(t.app, "POST", "/api/promotions", {
          actor: reader,
          body: { code: "X1", name: "x", type: "free_shipping" },
        })
      ).status,
    ).toBe(403);
    // The spec lists active promotions without a permission: storefronts advertise them.
    expect((await t.app.inject({ method: "GET", url: "/api/promotions" })).statusCode).toBe(200);
    // Storefronts validate codes without credentials.
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/promotions/validate",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ code: "STEADY", currency: "EUR", lineItems: cart() }),
    });
    expect(anonymous.statusCode).toBe(200);
  });

  it("never shows, validates or changes another organization's promotions", async () => {
    const mine = await create({ code: "PRIVATE", type: "percentage_off_order", value: 10 });
    expect(
      (await call(t.app, "GET", "/api/promotions?limit=100", { actor: otherOrgAdmin })).body.data.map(
        (p: { code: string }) => p.code,
      ),
    ).toEqual(["summer10"]);
    for (const response of await Promise.all([
      call(t.app, "POST", "/api/promotions/validate", {
        actor: otherOrgAdmin,
        body: { code: "PRIVATE", currency: "EUR", lineItems: cart() },
      }),
      call(t.app, "POST", `/api/promotions/${mine.id}/deactivate`, { actor: otherOrgAdmin }),
      call(t.app, "PATCH", `/api/promotions/${mine.id}`, { actor: otherOrgAdmin, body: { value: 50 } }),
    ])) {
      expect(response.status).toBe(404);
    }
    // Their own code cannot price our entities either.
    expect(
      (
        await call(t.app, "POST", "/api/promotions/validate", {
          actor: otherOrgAdmin,
          body: { code: "summer10", currency: "EUR", lineItems: cart() },
        })
      ).status,
    ).toBe(404);
    await expect(
      t.kernel.database.transaction((trx) =>
        t.kernel.services.promotions.redeem({ organizationId: "other-store", code: "PRIVATE" }, { trx }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await t.kernel.services.promotions.getPromotion("default", mine.id)).toMatchObject({
      value: 10,
      isActive: true,
      used: 0,
    });
  });

  it("documents every promotions route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/promotions"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/promotions/validate"] ?? {})).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/promotions/{id}/deactivate"] ?? {})).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/promotions/{id}"] ?? {})).toEqual(["patch"]);
  });
});

describe.skipIf(!isPostgresTestRun())("promotion redemption under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const redeemConcurrently = (count: number, input: (i: number) => { code: string; customerId?: string }) =>
    Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        t.kernel.database.transaction((trx) =>
          t.kernel.services.promotions.redeem({ organizationId: "default", ...input(i) }, { trx }),
        ),
      ),
    );

  it("lets exactly 5 of 100 concurrent redemptions use a code limited to 5 uses", async () => {
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "FIVE", name: "Five", type: "percentage_off_order", value: 10, usageLimit: 5 },
    });
    const results = await redeemConcurrently(100, (i) => ({ code: "five", customerId: `c-${i}` }));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused).toHaveLength(95);
    for (const result of refused) expect(result.reason).toMatchObject({ code: "CONFLICT" });
    const counts = await sql<{ used: number; redemptions: string; customers: string }>`
      select used, (select count(*) from promotion_redemptions) as redemptions, (select count(*) from promotion_customer_usages) as customers
      from promotions where code = 'FIVE'`.execute(t.db);
    expect(counts.rows[0]).toMatchObject({ used: 5 });
    expect(Number(counts.rows[0]?.redemptions)).toBe(5);
    expect(Number(counts.rows[0]?.customers)).toBe(5);
  });

  it("lets one customer redeem a code at most perCustomerLimit times, however many requests race", async () => {
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "TWOEACH", name: "Two each", type: "percentage_off_order", value: 10, perCustomerLimit: 2 },
    });
    const results = await redeemConcurrently(40, (i) => ({
      code: "TWOEACH",
      customerId: i % 2 === 0 ? "alice" : "bob",
    }));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    const rows = await sql<{
      customerId: string;
      used: number;
    }>`select customer_id as "customerId", used from promotion_customer_usages order by customer_id`.execute(t.db);
    expect(rows.rows.filter((row) => row.customerId !== "alice" && row.customerId !== "bob").length + 2).toBe(
      rows.rows.length,
    );
    expect(rows.rows.filter((row) => ["alice", "bob"].includes(row.customerId)).map((row) => row.used)).toEqual([2, 2]);
    // A refused per-customer redemption rolled back its total increment too.
    const used = await sql<{ used: number }>`select used from promotions where code = 'TWOEACH'`.execute(t.db);
    expect(used.rows[0]?.used).toBe(4);
  });
});
