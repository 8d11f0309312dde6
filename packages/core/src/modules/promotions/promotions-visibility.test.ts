import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, jsonHeaders, testCustomerActor, type TestApp } from "../../testing/index.js";
import { call, createEntity } from "../catalog/testing.js";

const marketer = createTestActor({
  id: "marketer",
  permissions: ["promotions:create", "promotions:update", "promotions:read"],
});
/** What a storefront key holds of promotions and the catalog. */
const storefront = createTestActor({
  id: "storefront",
  type: "apiKey",
  permissions: ["catalog:read", "promotions:read", "pricing:read"],
});
const STAFF_ONLY = ["usageLimit", "used", "perCustomerLimit", "customerGroupIds"];

// Security issue 31: every active code was listed to anonymous callers with its value, usage limit and
// customer groups; validate revealed that an unpublished entity exists, and its price.
describe("promotions: what a caller who does not manage them sees", () => {
  let t: TestApp;
  let shirt: string;
  let draft: string;
  beforeAll(async () => {
    t = await createTestApp();
    shirt = await createEntity(t.app, { slug: "shirt" });
    draft = await createEntity(t.app, { slug: "secret-launch", status: "draft" });
    for (const entityId of [shirt, draft])
      await call(t.app, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount: 2000 } });
    for (const body of [
      {
        code: "SPRING",
        type: "percentage_off_order",
        value: 10,
        isPublic: true,
        usageLimit: 500,
        customerGroupIds: ["vip"],
      },
      { code: "STAFF50", type: "percentage_off_order", value: 50 },
    ]) {
      expect(
        (await call(t.app, "POST", "/api/promotions", { actor: marketer, body: { name: body.code, ...body } })).status,
      ).toBe(201);
    }
  });
  afterAll(() => t.close());

  const list = async (actor?: typeof marketer) =>
    (await t.app.inject({ url: "/api/promotions?limit=100", headers: jsonHeaders(actor) })).json().data as Record<
      string,
      unknown
    >[];

  it("lists only public promotions to anonymous, storefront and customer callers, without limits or groups; staff see all", async () => {
    for (const actor of [undefined, storefront, testCustomerActor]) {
      const listed = await list(actor);
      expect(listed.map((promotion) => promotion.code)).toEqual(["SPRING"]);
      expect(listed[0]).toMatchObject({ code: "SPRING", value: 10, isPublic: true });
      for (const field of STAFF_ONLY) expect(listed[0]).not.toHaveProperty(field);
    }
    const staff = await list(marketer);
    expect(staff.map((promotion) => [promotion.code, promotion.isPublic])).toEqual([
      ["SPRING", true],
      ["STAFF50", false],
    ]);
    expect(staff[0]).toMatchObject({ usageLimit: 500, used: 0, customerGroupIds: ["vip"] });
  });

  it("publishes a promotion by PATCH isPublic, and documents the flag in the OpenAPI document", async () => {
    const staff50 = (await list(marketer)).find((promotion) => promotion.code === "STAFF50") as { id: string };
    expect(
      (await call(t.app, "PATCH", `/api/promotions/${staff50.id}`, { actor: marketer, body: { isPublic: true } })).body
        .data.isPublic,
    ).toBe(true);
    expect((await list()).map((promotion) => promotion.code)).toEqual(["SPRING", "STAFF50"]);
    expect(
      (await call(t.app, "PATCH", `/api/promotions/${staff50.id}`, { actor: marketer, body: { isPublic: false } })).body
        .data.isPublic,
    ).toBe(false);
    expect((await list()).map((promotion) => promotion.code)).toEqual(["SPRING"]);
    const doc = (await t.app.inject({ url: "/api/doc" })).json();
    expect(JSON.stringify(doc.paths["/api/promotions"].post)).toContain("isPublic");
  });

  it("answers validate with an unpublished entity exactly as with a nonexistent one, changing nothing", async () => {
    const before = (
      await sql<{
        used: number;
        redemptions: number;
      }>`select (select sum(used)::int from promotions) as used, (select count(*)::int from promotion_redemptions) as redemptions`.execute(
        t.db,
      )
    ).rows[0];
    const validate = (entityId: string, actor?: typeof marketer) =>
      t.app.inject({
        method: "POST",
        url: "/api/promotions/validate",
        headers: jsonHeaders(actor),
        payload: JSON.stringify({ code: "SPRING", currency: "EUR", lineItems: [{ entityId, quantity: 1 }] }),
      });
    for (const actor of [undefined, storefront]) {
      const nonexistent = await validate(randomUUID(), actor);
      const unpublished = await validate(draft, actor);
      expect(nonexistent.statusCode).toBe(404);
      expect([unpublished.statusCode, unpublished.json()]).toEqual([nonexistent.statusCode, nonexistent.json()]);
    }
    const published = await validate(shirt, storefront);
    expect([published.statusCode, published.json().data.subtotal]).toEqual([200, 2000]);
    // Staff who read drafts may price them.
    const staff = createTestActor({ id: "catalog-staff", permissions: ["catalog:read:unpublished"] });
    expect((await validate(draft, staff)).statusCode).toBe(200);
    const after = (
      await sql<{
        used: number;
        redemptions: number;
      }>`select (select sum(used)::int from promotions) as used, (select count(*)::int from promotion_redemptions) as redemptions`.execute(
        t.db,
      )
    ).rows[0];
    expect(after).toEqual(before);
  });
});
