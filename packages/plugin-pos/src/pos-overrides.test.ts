import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestActor, isPostgresTestRun, type AuthPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import {
  bootPos,
  confirmedOrder,
  createWarehouse,
  pinLogin,
  send,
  setPin,
  setPolicies,
  stockedProduct,
  storeAdmin,
  storeTraces,
  tillKey,
} from "./pos-test-helpers.js";

type App = AuthPluginTestApp["app"];
type Order = Awaited<ReturnType<typeof confirmedOrder>>;

/** A shift key of `operatorId` (their PIN already set), minted at `till`. */
async function shiftOf(app: App, till: string, operatorId: string, pin: string): Promise<string> {
  const login = await pinLogin(app, till, operatorId, pin);
  if (login.status !== 201) throw new Error(`pin-login: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.data.key as string;
}

/** Asks a manager to approve `refund.overCap` of `orderId` up to `amount`, from the operator's shift. */
const approve = (
  app: App,
  shift: string,
  input: { managerId: string; pin: string; orderId?: string; amount?: number },
) =>
  send(app, "POST", "/api/pos/auth/override", {
    key: shift,
    body: {
      managerId: input.managerId,
      pin: input.pin,
      action: "refund.overCap",
      target: {
        ...(input.orderId ? { orderId: input.orderId } : {}),
        ...(input.amount ? { amount: input.amount } : {}),
      },
    },
  });

/** Refunds `quantity` units of the order's first line from a shift, with an override token or without. */
const refund = (app: App, shift: string, order: Order, quantity: number, approval?: string) =>
  send(app, "POST", `/api/orders/${order.id}/refunds`, {
    key: shift,
    body: { lines: [{ lineItemId: order.lines[0]?.lineItemId, quantity }], ...(approval ? { approval } : {}) },
  });

const unitOf = (order: Order) => (order.lines[0]?.total ?? 0) / (order.lines[0]?.quantity ?? 1);

describe("point of sale: manager overrides", () => {
  let t: AuthPluginTestApp;
  let till: string;
  let cashier: string;
  let cashierShift: string;
  let otherCashier: string;
  let manager: string;
  let mug: string;
  let unit: number;

  beforeAll(async () => {
    t = await bootPos();
    till = await tillKey(t.app);
    cashier = await t.addMember({ email: "cashier@shop.test", role: "cashier" });
    otherCashier = await t.addMember({ email: "cashier2@shop.test", role: "cashier" });
    manager = await t.addMember({ email: "manager@shop.test", role: "manager" });
    for (const [operatorId, pin] of [
      [cashier, "2468"],
      [otherCashier, "1357"],
      [manager, "864200"],
    ] as const) {
      expect((await setPin(t.app, operatorId, pin)).status).toBe(200);
    }
    cashierShift = await shiftOf(t.app, till, cashier, "2468");
    const warehouseId = await createWarehouse(t.app);
    mug = await stockedProduct(t.app, { slug: "mug", warehouseId, price: 1000, onHand: 500 });
    unit = unitOf(await confirmedOrder(t.app, [{ entityId: mug, quantity: 1 }]));
    // One unit fits under the cap, a second one on the same day does not.
    await setPolicies(t.app, { refundDailyCap: Math.round(unit * 1.5) });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each test starts with nobody's cap used today.
    await sql`delete from order_refund_caps`.execute(t.db);
  });

  /** Uses up most of the cashier's cap, so that their next unit needs an override. */
  async function nearTheCap(order: Order) {
    expect((await refund(t.app, cashierShift, order, 1)).status).toBe(201);
    const refused = await refund(t.app, cashierShift, order, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
  }

  it("lets one refund past the operator's cap with the token, once: the same token again answers 403 POS_OVERRIDE_INVALID and writes nothing", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 5 }]);
    await nearTheCap(order);

    const approved = await approve(t.app, cashierShift, {
      managerId: manager,
      pin: "864200",
      orderId: order.id,
      amount: unit,
    });
    expect(approved.status).toBe(201);
    expect(approved.body.data).toMatchObject({
      action: "refund.overCap",
      operatorId: cashier,
      managerId: manager,
      orderId: order.id,
      amount: unit,
    });
    const token = approved.body.data.token as string;
    expect(token).toMatch(/^posov_/);
    // Only the token's hash is stored.
    const stored = await sql<{
      tokenHash: string;
    }>`select token_hash from pos_overrides where id = ${approved.body.data.id}`.execute(t.db);
    expect(stored.rows[0]?.tokenHash).not.toContain(token.slice(6));

    const passed = await refund(t.app, cashierShift, order, 1, token);
    expect(passed.status).toBe(201);
    expect(passed.body.data).toMatchObject({ amount: unit, actorId: cashier });

    const before = await storeTraces(t.db);
    const again = await refund(t.app, cashierShift, order, 1, token);
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("POS_OVERRIDE_INVALID");
    expect(await storeTraces(t.db)).toEqual(before);

    // The lifted refund still counts on the operator's day.
    const cap = await send(t.app, "GET", "/api/orders/refunds/cap", { key: cashierShift });
    expect(cap.body.data).toMatchObject({ used: 2 * unit, left: 0 });
  });

  it.skipIf(!isPostgresTestRun())(
    "spends one token once under 10 concurrent refunds: exactly one refund is written",
    async () => {
      const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 12 }]);
      await nearTheCap(order);
      const token = (
        await approve(t.app, cashierShift, { managerId: manager, pin: "864200", orderId: order.id, amount: unit })
      ).body.data.token as string;
      const before = await storeTraces(t.db);

      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(t.app, cashierShift, order, 1, token)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403, 403, 403, 403, 403, 403, 403, 403]);
      for (const answer of answers.filter((candidate) => candidate.status === 403))
        expect(answer.body.error.code).toBe("POS_OVERRIDE_INVALID");
      const after = await storeTraces(t.db);
      expect(after.refunds - before.refunds).toBe(1);
      expect(after.refundedUnits - before.refundedUnits).toBe(1);
      expect(after.usedOverrides - before.usedOverrides).toBe(1);
    },
  );

  it("refuses the token to another operator, on another order and above the approved amount (403, nothing written), and it stays good for its own use", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 5 }]);
    const otherOrder = await confirmedOrder(t.app, [{ entityId: mug, quantity: 5 }]);
    await nearTheCap(order);
    const token = (
      await approve(t.app, cashierShift, { managerId: manager, pin: "864200", orderId: order.id, amount: unit })
    ).body.data.token as string;
    const otherShift = await shiftOf(t.app, till, otherCashier, "1357");

    const before = await storeTraces(t.db);
    const refusals = [
      await refund(t.app, otherShift, order, 1, token),
      await refund(t.app, cashierShift, otherOrder, 1, token),
      await refund(t.app, cashierShift, order, 2, token),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("POS_OVERRIDE_INVALID");
    }
    expect(await storeTraces(t.db)).toEqual(before);

    expect((await refund(t.app, cashierShift, order, 1, token)).status).toBe(201);
  });

  it("refuses an expired token (403) and writes nothing", async () => {
    const short = await bootPos({ overrideSeconds: 1 });
    try {
      const shortTill = await tillKey(short.app);
      const operator = await short.addMember({ email: "quick@shop.test", role: "cashier" });
      const boss = await short.addMember({ email: "boss@shop.test", role: "manager" });
      await setPin(short.app, operator, "1357");
      await setPin(short.app, boss, "2468");
      const shift = await shiftOf(short.app, shortTill, operator, "1357");
      const warehouseId = await createWarehouse(short.app);
      const pen = await stockedProduct(short.app, { slug: "pen", warehouseId, price: 500, onHand: 10 });
      const order = await confirmedOrder(short.app, [{ entityId: pen, quantity: 2 }]);
      await setPolicies(short.app, { refundDailyCap: 1 });

      const approved = await approve(short.app, shift, { managerId: boss, pin: "2468", orderId: order.id });
      expect(approved.status).toBe(201);
      // Waits on the database's clock, the one the token's expiry is checked against.
      for (let isExpired = false; !isExpired; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const { rows } = await sql<{
          isExpired: boolean;
        }>`select now() > ${new Date(approved.body.data.expiresAt)} as is_expired`.execute(short.db);
        isExpired = rows[0]?.isExpired === true;
      }
      const before = await storeTraces(short.db);
      const expired = await refund(short.app, shift, order, 1, approved.body.data.token);
      expect(expired.status).toBe(403);
      expect(expired.body.error.code).toBe("POS_OVERRIDE_INVALID");
      expect(await storeTraces(short.db)).toEqual(before);
    } finally {
      await short.close();
    }
  });

  it("refuses a manager approving their own action (403), a member without pos:manage (403) and a till's own key (403), storing no override", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 1 }]);
    const managerShift = await shiftOf(t.app, till, manager, "864200");
    const before = await storeTraces(t.db);

    const own = await approve(t.app, managerShift, { managerId: manager, pin: "864200", orderId: order.id });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe("FORBIDDEN");

    const notManager = await approve(t.app, cashierShift, { managerId: otherCashier, pin: "1357", orderId: order.id });
    expect(notManager.status).toBe(403);
    expect(notManager.body.error.code).toBe("FORBIDDEN");

    // The till's own key is no operator: nobody's action to approve, and the manager's PIN is not even tried.
    const fromTill = await approve(t.app, till, { managerId: manager, pin: "000000", orderId: order.id });
    expect(fromTill.status).toBe(403);
    expect(fromTill.body.error.code).toBe("FORBIDDEN");
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from pos_pin_attempts where organization_id = 'default' and operator_id = ${manager}`.execute(
      t.db,
    );
    expect(counted.rows[0]?.n).toBe(0);
    expect(await storeTraces(t.db)).toEqual(before);
  });

  it("answers a wrong manager PIN 401 and counts it toward the manager's lockout, shared with sign-in (429 from the fifth)", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 1 }]);
    const lockable = await t.addMember({ email: "lockable@shop.test", role: "manager" });
    await setPin(t.app, lockable, "55555");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push(
        (await approve(t.app, cashierShift, { managerId: lockable, pin: "00000", orderId: order.id })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 429]);

    const locked = await approve(t.app, cashierShift, { managerId: lockable, pin: "55555", orderId: order.id });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe("POS_OPERATOR_LOCKED");
    expect((await pinLogin(t.app, till, lockable, "55555")).status).toBe(429);
    // An unknown manager answers like a wrong PIN: nothing tells whether the id exists.
    const ghost = await approve(t.app, cashierShift, { managerId: "ghost-manager", pin: "00000", orderId: order.id });
    expect(ghost.status).toBe(401);
    expect(ghost.body.error.code).toBe("POS_PIN_INVALID");
  });

  it("names both the operator and the manager in the audit log, approved and used", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 5 }]);
    await nearTheCap(order);
    const approved = (
      await approve(t.app, cashierShift, { managerId: manager, pin: "864200", orderId: order.id, amount: unit })
    ).body.data;
    expect((await refund(t.app, cashierShift, order, 1, approved.token)).status).toBe(201);

    for (const event of ["pos.overrideApproved", "pos.overrideUsed"]) {
      const audit = await send(t.app, "GET", `/api/audit?event=${event}&entityId=${approved.id}`, {
        actor: storeAdmin(),
      });
      expect(audit.status).toBe(200);
      expect(audit.body.data).toHaveLength(1);
      expect(audit.body.data[0]).toMatchObject({
        entityType: "posOverride",
        entityId: approved.id,
        actorId: cashier,
        actorType: "user",
        changes: expect.objectContaining({
          operatorId: cashier,
          managerId: manager,
          overrideId: approved.id,
          action: "refund.overCap",
          orderId: order.id,
        }),
      });
    }
    // The audit entries never hold the token itself.
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_entries where changes::text like ${`%${approved.token}%`}`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("keeps tokens to their store: another store's token is refused here, and stays good there", async () => {
    const org = "other-store";
    const theirCashier = await t.addMember({ email: "cashier@other.test", role: "cashier", organizationId: org });
    const theirManager = await t.addMember({ email: "manager@other.test", role: "manager", organizationId: org });
    await setPin(t.app, theirCashier, "2468", org);
    await setPin(t.app, theirManager, "864200", org);
    const theirShift = await shiftOf(t.app, await tillKey(t.app, org), theirCashier, "2468");
    const warehouseId = await createWarehouse(t.app, "main", org);
    const cup = await stockedProduct(t.app, { slug: "cup", warehouseId, price: 1000, onHand: 10, organizationId: org });
    const theirOrder = await confirmedOrder(t.app, [{ entityId: cup, quantity: 2 }], { organizationId: org });
    const token = (await approve(t.app, theirShift, { managerId: theirManager, pin: "864200", orderId: theirOrder.id }))
      .body.data.token as string;

    // This store's manager id, PIN or order are unknown there, and its order unknown here.
    expect(
      (await approve(t.app, theirShift, { managerId: manager, pin: "864200", orderId: theirOrder.id })).status,
    ).toBe(401);
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 2 }]);
    expect(
      (await approve(t.app, theirShift, { managerId: theirManager, pin: "864200", orderId: order.id })).status,
    ).toBe(404);

    const before = await storeTraces(t.db);
    const here = await refund(t.app, cashierShift, order, 1, token);
    expect(here.status).toBe(403);
    expect(here.body.error.code).toBe("POS_OVERRIDE_INVALID");
    // Even an actor of this store bearing their operator's id cannot spend it here.
    const impostor = createTestActor({ id: theirCashier, permissions: ["orders:update"] });
    const impostorAnswer = await send(t.app, "POST", `/api/orders/${order.id}/refunds`, {
      actor: impostor,
      body: { lines: [{ lineItemId: order.lines[0]?.lineItemId, quantity: 1 }], approval: token },
    });
    expect(impostorAnswer.status).toBe(403);
    expect((await refund(t.app, cashierShift, theirOrder, 1, token)).status).toBe(404);
    expect(await storeTraces(t.db)).toEqual(before);

    expect((await refund(t.app, theirShift, theirOrder, 1, token)).status).toBe(201);
  });

  it("validates the request: refund.overCap needs an order (422), an unknown order is 404, an unknown action 422; needs pos:operate", async () => {
    const before = await storeTraces(t.db);
    const noOrder = await approve(t.app, cashierShift, { managerId: manager, pin: "864200" });
    expect(noOrder.status).toBe(422);
    expect(noOrder.body.error.code).toBe("VALIDATION_FAILED");
    const unknownOrder = await approve(t.app, cashierShift, {
      managerId: manager,
      pin: "864200",
      orderId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknownOrder.status).toBe(404);
    for (const body of [
      { managerId: manager, pin: "864200", action: "price.override", target: {} },
      { managerId: manager, pin: "864200", action: "refund.overCap", target: { orderId: "not-a-uuid" } },
      {
        managerId: manager,
        pin: "864200",
        action: "refund.overCap",
        target: { orderId: "00000000-0000-4000-8000-000000000000", amount: -5 },
      },
      { managerId: "\u0000", pin: 864200, action: "refund.overCap" },
    ]) {
      const refused = await send(t.app, "POST", "/api/pos/auth/override", { key: cashierShift, body });
      expect(refused.status).toBe(422);
    }
    expect(
      (
        await send(t.app, "POST", "/api/pos/auth/override", {
          body: { managerId: manager, pin: "864200", action: "refund.overCap" },
        })
      ).status,
    ).toBe(401);
    const noPos = createTestActor({ permissions: ["orders:update"] });
    expect(
      (
        await send(t.app, "POST", "/api/pos/auth/override", {
          actor: noPos,
          body: { managerId: manager, pin: "864200", action: "refund.overCap" },
        })
      ).status,
    ).toBe(403);
    expect(await storeTraces(t.db)).toEqual(before);
    // The manager's good PIN was never counted by these refusals (in this store: another store counts its own).
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from pos_pin_attempts where organization_id = 'default' and operator_id = ${manager}`.execute(
      t.db,
    );
    expect(counted.rows[0]?.n).toBe(0);
  });

  it("answers a service-level failure with 500 POS_SERVICE_FAILED, its message and the request id", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: mug, quantity: 1 }]);
    // Breaks the plugin's own table for this one request: the insert of the override fails in the database.
    await sql`alter table pos_overrides rename to pos_overrides_away`.execute(t.db);
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/pos/auth/override",
        headers: { "content-type": "application/json", "x-api-key": cashierShift },
        payload: JSON.stringify({
          managerId: manager,
          pin: "864200",
          action: "refund.overCap",
          target: { orderId: order.id },
        }),
      });
      expect(response.statusCode).toBe(500);
      const body = response.json<{ error: { code: string; message: string; requestId: string } }>();
      expect(body.error.code).toBe("POS_SERVICE_FAILED");
      expect(body.error.message).toMatch(/^Point-of-sale service failed: .*pos_overrides/);
      expect(body.error.requestId).toBe(response.headers["x-request-id"]);
    } finally {
      await sql`alter table pos_overrides_away rename to pos_overrides`.execute(t.db);
    }
  });
});
