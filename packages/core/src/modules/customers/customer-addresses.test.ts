import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { MAX_ADDRESSES_PER_CUSTOMER } from "./customers-schemas.js";
import {
  createCustomer,
  customerEvents,
  customerManager,
  customerReader,
  customerTraces,
} from "./customers-test-helpers.js";

const HOME = { name: "Ada King", line1: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "GB" };

describe("customer addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const addresses = (customerId: string) => `/api/customers/${customerId}/addresses`;
  const add = (customerId: string, body: Record<string, unknown>) =>
    call(t.app, "POST", addresses(customerId), { actor: customerManager, body });

  it("adds, lists, updates and deletes addresses, keeping one default of each kind, each change a customers.update", async () => {
    const ada = await createCustomer(t.app, { name: "Ada" });
    const home = await add(ada.id, { ...HOME, isDefaultShipping: true, isDefaultBilling: true });
    expect(home.status).toBe(201);
    expect(home.body.data).toMatchObject({
      ...HOME,
      customerId: ada.id,
      line2: null,
      company: null,
      state: null,
      phone: null,
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    const office = await add(ada.id, {
      line1: "1 Office Park",
      city: "Leeds",
      state: "West Yorkshire",
      country: "GB",
      company: "Analytical Engines Ltd",
      phone: "+44 113 496 0000",
      isDefaultShipping: true,
    });
    expect(office.body.data).toMatchObject({
      isDefaultShipping: true,
      isDefaultBilling: false,
      state: "West Yorkshire",
    });
    const listed = await call(t.app, "GET", addresses(ada.id), { actor: customerReader });
    expect(
      listed.body.data.map((a: { id: string; isDefaultShipping: boolean; isDefaultBilling: boolean }) => [
        a.id,
        a.isDefaultShipping,
        a.isDefaultBilling,
      ]),
    ).toEqual([
      [home.body.data.id, false, true],
      [office.body.data.id, true, false],
    ]);
    const patched = await call(t.app, "PATCH", `${addresses(ada.id)}/${office.body.data.id}`, {
      actor: customerManager,
      body: { line2: "Floor 3", company: null, isDefaultBilling: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      line2: "Floor 3",
      company: null,
      isDefaultBilling: true,
      isDefaultShipping: true,
      city: "Leeds",
    });
    expect((await call(t.app, "GET", addresses(ada.id), { actor: customerReader })).body.data[0]).toMatchObject({
      isDefaultBilling: false,
    });
    const removed = await call(t.app, "DELETE", `${addresses(ada.id)}/${home.body.data.id}`, {
      actor: customerManager,
    });
    expect(removed.body.data.id).toBe(home.body.data.id);
    expect(
      (await call(t.app, "DELETE", `${addresses(ada.id)}/${home.body.data.id}`, { actor: customerManager })).status,
    ).toBe(404);
    expect((await customerEvents(t.db, ada.id)).audit).toEqual([
      "customers.create",
      "customers.update",
      "customers.update",
      "customers.update",
      "customers.update",
    ]);
  });

  it("refuses bad addresses with 422 and writes nothing", async () => {
    const bea = await createCustomer(t.app, { name: "Bea" });
    const before = await customerTraces(t.db);
    for (const body of [
      { ...HOME, country: "gb" },
      { ...HOME, country: "GBR" },
      { ...HOME, line1: "" },
      { ...HOME, city: undefined },
      { ...HOME, line1: "x".repeat(201) },
      { ...HOME, isDefaultShipping: "yes" },
      { ...HOME, phone: "<script>" },
      { ...HOME, postalCode: 12345 },
      { ...HOME, line1: "Nul\u0000Street" },
    ]) {
      const response = await add(bea.id, body);
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 422]);
    }
    expect(
      (await call(t.app, "PATCH", `${addresses(bea.id)}/not-a-uuid`, { actor: customerManager, body: { city: "X" } }))
        .status,
    ).toBe(422);
    expect(await customerTraces(t.db)).toEqual(before);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses per customer: the next is a 422 with nothing written`, async () => {
    const cal = await createCustomer(t.app, { name: "Cal" });
    for (let i = 0; i < MAX_ADDRESSES_PER_CUSTOMER; i++)
      expect((await add(cal.id, { ...HOME, line1: `${i} Road` })).status).toBe(201);
    const before = await customerTraces(t.db);
    const refused = await add(cal.id, HOME);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain(`at most ${MAX_ADDRESSES_PER_CUSTOMER}`);
    expect(await customerTraces(t.db)).toEqual(before);
  });

  it.skipIf(!isPostgresTestRun())(
    "keeps the limit and one default under concurrent requests (PostgreSQL)",
    async () => {
      const dee = await createCustomer(t.app, { name: "Dee" });
      const responses = await Promise.all(
        Array.from({ length: MAX_ADDRESSES_PER_CUSTOMER + 15 }, (_, i) =>
          add(dee.id, { ...HOME, line1: `${i} Lane`, isDefaultShipping: true }),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
      expect(responses.filter((r) => r.status === 422)).toHaveLength(15);
      const listed = (await call(t.app, "GET", addresses(dee.id), { actor: customerReader })).body.data as {
        isDefaultShipping: boolean;
      }[];
      expect(listed).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
      expect(listed.filter((a) => a.isDefaultShipping)).toHaveLength(1);
    },
  );

  it("answers 404 for another customer's or another organization's addresses, and 403 without customers:update", async () => {
    const eve = await createCustomer(t.app, { name: "Eve" });
    const fay = await createCustomer(t.app, { name: "Fay" });
    const eves = (await add(eve.id, HOME)).body.data.id as string;
    const before = await customerTraces(t.db);
    for (const response of await Promise.all([
      call(t.app, "PATCH", `${addresses(fay.id)}/${eves}`, { actor: customerManager, body: { city: "Elsewhere" } }),
      call(t.app, "DELETE", `${addresses(fay.id)}/${eves}`, { actor: customerManager }),
      call(t.app, "DELETE", `${addresses(eve.id)}/${eves}`, { actor: otherOrgAdmin }),
      call(t.app, "GET", addresses(eve.id), { actor: otherOrgAdmin }),
      call(t.app, "GET", addresses(randomUUID()), { actor: customerReader }),
      call(t.app, "DELETE", `${addresses(eve.id)}/${randomUUID()}`, { actor: customerManager }),
    ])) {
      expect(response.status).toBe(404);
    }
    expect((await call(t.app, "POST", addresses(eve.id), { actor: customerReader, body: HOME })).status).toBe(403);
    expect((await call(t.app, "DELETE", `${addresses(eve.id)}/${eves}`, { actor: customerReader })).status).toBe(403);
    expect(await customerTraces(t.db)).toEqual(before);
  });
});
