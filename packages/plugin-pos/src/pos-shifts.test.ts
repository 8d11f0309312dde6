import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestActor, isPostgresTestRun, type AuthPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import { bootPos, pinLogin, send, setPin, storeAdmin, tillKey } from "./pos-test-helpers.js";

describe("point of sale: PINs, shifts and the lockout", () => {
  let t: AuthPluginTestApp;
  let till: string;
  let cashier: string;
  let manager: string;
  let greeter: string;

  beforeAll(async () => {
    t = await bootPos({ lockoutMinutes: 15 });
    till = await tillKey(t.app);
    cashier = await t.addMember({ email: "cashier@shop.test", role: "cashier" });
    manager = await t.addMember({ email: "manager@shop.test", role: "manager" });
    greeter = await t.addMember({ email: "greeter@shop.test", role: "greeter" });
    expect((await setPin(t.app, cashier, "1234")).status).toBe(200);
    expect((await setPin(t.app, manager, "987654")).status).toBe(200);
    expect((await setPin(t.app, greeter, "5555")).status).toBe(200);
  });
  afterAll(() => t.close());

  const pins = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from pos_operator_pins`.execute(t.db)).rows[0]?.n);

  it("sets and rotates a PIN as an argon2id hash, and never tells that another operator uses a PIN (issue 31)", async () => {
    const rotated = await setPin(t.app, cashier, "4321");
    expect(rotated.body.data).toEqual({ operatorId: cashier, isRotation: true });
    const row = (
      await sql<{ pinHash: string }>`select pin_hash from pos_operator_pins where user_id = ${cashier}`.execute(t.db)
    ).rows[0];
    expect(row?.pinHash).toMatch(/^\$argon2id\$/);
    expect(row?.pinHash).not.toContain("4321");

    // The manager's PIN given to the greeter: accepted like any other, and the greeter signs in with it.
    const before = await pins();
    const shared = await setPin(t.app, greeter, "987654");
    expect([shared.status, shared.body.data]).toEqual([200, { operatorId: greeter, isRotation: true }]);
    expect(await pins()).toBe(before);
    expect((await pinLogin(t.app, till, greeter, "5555")).status).toBe(401);
    expect((await pinLogin(t.app, till, greeter, "987654")).status).not.toBe(401);
    expect((await setPin(t.app, greeter, "5555")).status).toBe(200);
    expect((await setPin(t.app, cashier, "1234")).status).toBe(200);
  });

  it("validates the PIN and the operator (4 to 8 digits: 422; a non-member: 404) and needs pos:admin", async () => {
    for (const pin of ["123", "123456789", "12a4", ""]) {
      const refused = await setPin(t.app, cashier, pin);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await setPin(t.app, "no-such-user", "2468")).status).toBe(404);
    const operate = createTestActor({ permissions: ["pos:operate", "pos:manage"] });
    const forbidden = await send(t.app, "PUT", "/api/pos/auth/pin", {
      actor: operate,
      body: { operatorId: cashier, pin: "2468" },
    });
    expect(forbidden.status).toBe(403);
    expect((await send(t.app, "PUT", "/api/pos/auth/pin", { body: { operatorId: cashier, pin: "2468" } })).status).toBe(
      401,
    );
  });

  it("mints a per-shift key acting for the operator: the audit log and the refund cap name the operator, not the till", async () => {
    const login = await pinLogin(t.app, till, cashier, "1234");
    expect(login.status).toBe(201);
    const shift = login.body.data;
    expect(shift.key).toMatch(/^uc_shift_/);
    expect(shift.operatorId).toBe(cashier);
    const hours = (Date.parse(shift.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);

    const cap = await send(t.app, "GET", "/api/orders/refunds/cap", { key: shift.key });
    expect(cap.status).toBe(200);
    const capRow = await sql<{ actor_id: string }>`select actor_id from order_refund_caps`.execute(t.db);
    expect(capRow.rows).toEqual([]);

    const audit = await send(t.app, "GET", `/api/audit?event=pos.shiftStart`, { actor: storeAdmin() });
    expect(audit.body.data[0]).toMatchObject({
      entityId: shift.shiftId,
      changes: expect.objectContaining({ operatorId: cashier }),
    });

    const ended = await send(t.app, "POST", "/api/pos/auth/shift/end", { key: shift.key });
    expect(ended.status).toBe(200);
    const endAudit = await send(t.app, "GET", `/api/audit?event=pos.shiftEnd`, { actor: storeAdmin() });
    expect(endAudit.body.data[0]).toMatchObject({ actorId: cashier, actorType: "user" });
  });

  it("answers 401 with the shift's key once the shift has ended, and ends a shift once", async () => {
    const shift = (await pinLogin(t.app, till, cashier, "1234")).body.data;
    expect((await send(t.app, "GET", "/api/orders/refunds/cap", { key: shift.key })).status).toBe(200);
    expect((await send(t.app, "POST", "/api/pos/auth/shift/end", { key: shift.key })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/orders/refunds/cap", { key: shift.key })).status).toBe(401);
    expect((await send(t.app, "POST", "/api/pos/auth/shift/end", { key: shift.key })).status).toBe(401);
    // The till's own key has no shift to end.
    expect((await send(t.app, "POST", "/api/pos/auth/shift/end", { key: till })).status).toBe(404);
  });

  it("answers 401 with the shift's key once it has expired", async () => {
    const short = await bootPos({ shiftSeconds: 1 });
    try {
      const shortTill = await tillKey(short.app);
      const operator = await short.addMember({ email: "quick@shop.test", role: "cashier" });
      await setPin(short.app, operator, "1357");
      const shift = (await pinLogin(short.app, shortTill, operator, "1357")).body.data;
      expect((await send(short.app, "GET", "/api/orders/refunds/cap", { key: shift.key })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect((await send(short.app, "GET", "/api/orders/refunds/cap", { key: shift.key })).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it("refuses a shift key to an operator whose role lacks a permission of the pos-shift scope (403)", async () => {
    const refused = await pinLogin(t.app, till, greeter, "5555");
    expect(refused.status).toBe(403);
    expect(
      await sql`select 1 from pos_shifts where user_id = ${greeter}`.execute(t.db).then((r) => r.rows.length),
    ).toBe(0);
  });

  it("answers a wrong PIN, an unknown operator and an operator without a PIN alike (401, same body)", async () => {
    const noPin = await t.addMember({ email: "nopin@shop.test", role: "cashier" });
    const answers = await Promise.all([
      pinLogin(t.app, till, cashier, "0000"),
      pinLogin(t.app, till, "ghost-operator", "0000"),
      pinLogin(t.app, till, noPin, "0000"),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    expect(answers[0]?.body.error.code).toBe("POS_PIN_INVALID");
    expect((await pinLogin(t.app, till, cashier, "1234")).status).toBe(201);
  });

  it("locks an operator after five wrong PINs for the lockout time, the right PIN included, and an unknown operator the same way", async () => {
    const victim = await t.addMember({ email: "victim@shop.test", role: "cashier" });
    await setPin(t.app, victim, "2222");
    for (const operatorId of [victim, "unknown-operator"]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++)
        statuses.push((await pinLogin(t.app, till, operatorId, "9999")).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const locked = await pinLogin(t.app, till, operatorId, operatorId === victim ? "2222" : "9999");
      expect(locked.status).toBe(429);
      expect(locked.body.error.code).toBe("POS_OPERATOR_LOCKED");
      expect(locked.body.error.details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    }
    // Once the lock has run out, the right PIN signs in and the count starts again.
    await sql`update pos_pin_attempts set locked_until = now() - interval '1 second' where operator_id = ${victim}`.execute(
      t.db,
    );
    expect((await pinLogin(t.app, till, victim, "2222")).status).toBe(201);
    expect((await pinLogin(t.app, till, victim, "9999")).status).toBe(401);
    // An administrator setting a new PIN unlocks at once.
    for (let attempt = 0; attempt < 5; attempt++) await pinLogin(t.app, till, victim, "9999");
    expect((await pinLogin(t.app, till, victim, "2222")).status).toBe(429);
    await setPin(t.app, victim, "3333");
    expect((await pinLogin(t.app, till, victim, "3333")).status).toBe(201);
  });

  it("signs in only from a till's device key: a shift key or a person's session answers 403, no shift written", async () => {
    const shift = (await pinLogin(t.app, till, cashier, "1234")).body.data;
    const shifts = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from pos_shifts`.execute(t.db)).rows[0]?.n);
    const before = await shifts();
    const chained = await send(t.app, "POST", "/api/pos/auth/pin-login", {
      key: shift.key,
      body: { operatorId: cashier, pin: "1234" },
    });
    expect(chained.status).toBe(403);
    const person = createTestActor({ id: manager, permissions: ["pos:operate"] });
    expect(
      (
        await send(t.app, "POST", "/api/pos/auth/pin-login", {
          actor: person,
          body: { operatorId: cashier, pin: "1234" },
        })
      ).status,
    ).toBe(403);
    expect(await shifts()).toBe(before);
    expect((await pinLogin(t.app, till, cashier, "1234")).status).toBe(201);
  });

  it("needs pos:operate to sign in, and validates the body", async () => {
    expect(
      (await send(t.app, "POST", "/api/pos/auth/pin-login", { body: { operatorId: cashier, pin: "1234" } })).status,
    ).toBe(401);
    const noPos = createTestActor({ permissions: ["orders:read"] });
    expect(
      (
        await send(t.app, "POST", "/api/pos/auth/pin-login", {
          actor: noPos,
          body: { operatorId: cashier, pin: "1234" },
        })
      ).status,
    ).toBe(403);
    expect((await send(t.app, "POST", "/api/pos/auth/pin-login", { key: till, body: { operatorId: "" } })).status).toBe(
      422,
    );
  });

  it("hides another store's operators: a PIN set there does not sign in here, and its PIN route answers 404 here", async () => {
    const elsewhere = await t.addMember({ email: "other@shop.test", role: "cashier", organizationId: "other-store" });
    expect((await setPin(t.app, elsewhere, "8642", "other-store")).status).toBe(200);
    expect((await setPin(t.app, elsewhere, "8642")).status).toBe(404);
    const here = await pinLogin(t.app, till, elsewhere, "8642");
    expect(here.status).toBe(401);
    const otherTill = await tillKey(t.app, "other-store");
    expect((await pinLogin(t.app, otherTill, elsewhere, "8642")).status).toBe(201);
  });

  it.skipIf(!isPostgresTestRun())(
    "locks exactly at the fifth of 10 concurrent wrong PINs: 4 answer 401, 6 answer 429, the right PIN then 429",
    async () => {
      const target = await t.addMember({ email: "race@shop.test", role: "cashier" });
      await setPin(t.app, target, "7777");
      const answers = await Promise.all(Array.from({ length: 10 }, () => pinLogin(t.app, till, target, "0001")));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
      const row = (
        await sql<{ failures: number; isLocked: boolean }>`
      select failures, locked_until > now() as "isLocked" from pos_pin_attempts where operator_id = ${target}`.execute(
          t.db,
        )
      ).rows[0];
      // Each attempt checks the lock before its argon2 work: one that checks after the fifth failure set the
      // lock is refused (429) without being counted, so the count is 5 to 10 depending on timing.
      expect(row?.isLocked).toBe(true);
      expect(row?.failures).toBeGreaterThanOrEqual(5);
      expect(row?.failures).toBeLessThanOrEqual(10);
      expect((await pinLogin(t.app, till, target, "7777")).status).toBe(429);
    },
  );

  it.skipIf(!isPostgresTestRun())(
    "gives the same PIN to 5 operators asking for it at the same moment: five 200, five rows",
    async () => {
      const operators = await Promise.all(
        Array.from({ length: 5 }, (_, index) => t.addMember({ email: `same-pin-${index}@shop.test`, role: "cashier" })),
      );
      const answers = await Promise.all(operators.map((operatorId) => setPin(t.app, operatorId, "424242")));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const holders = await sql<{
        userId: string;
      }>`select user_id from pos_operator_pins where user_id in (${sql.join(operators)})`.execute(t.db);
      expect(holders.rows).toHaveLength(5);
    },
  );

  it("boots with the auth plugin only, and shows its routes in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/pos/auth/pin",
        "/api/pos/auth/pin-login",
        "/api/pos/auth/shift/end",
        "/api/pos/auth/override",
        "/api/pos/exchanges",
      ]),
    );
  });
});
