import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import type { MailMessage } from "@unified-commerce/plugin-sdk";
import { SWEEP_TASK } from "./layaway-declarations.js";
import { layaway } from "./layaway-plugin.js";
import { call, clerk, daysFromNow, planBody, stockedProduct, stockOf } from "./layaway-test-helpers.js";

describe("layaway deadline and reminder job", () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    // The configuration's mailer, as the reference server sets it: the plugin sends through it.
    t = await createPluginTestApp(layaway({ reminderLeadDays: 3 }), {
      config: { mail: { mailer: { send: async (message) => void sent.push(message) } } },
    });
  });
  afterAll(() => t.close());

  /** Runs the sweep as the queue does, then every job it queued (the reminders). */
  async function runSweep() {
    await t.kernel.services.jobs.enqueue(SWEEP_TASK, {}, { organizationId: "default" });
    await t.kernel.services.jobs.run({ queue: "default", limit: 100 });
    await t.kernel.services.jobs.run({ queue: "default", limit: 100 });
  }

  it("reminds the customer once per due date, and not of a covered installment or one far ahead", async () => {
    const entityId = await stockedProduct(t, { slug: "reminded", price: 6000, onHand: 5 });
    const plan = (
      await call(t, "POST", "/api/layaways", {
        actor: clerk,
        body: planBody([{ entityId, quantity: 1 }], {
          deposit: { amount: 2000 },
          schedule: { dueDates: [daysFromNow(1), daysFromNow(2), daysFromNow(30)] },
        }),
      })
    ).body.data;
    const quiet = (
      await call(t, "POST", "/api/layaways", {
        actor: clerk,
        body: planBody([{ entityId, quantity: 1 }], {
          email: undefined,
          deposit: { amount: 2000 },
          schedule: { dueDates: [daysFromNow(1)] },
        }),
      })
    ).body.data;
    expect(quiet.email).toBeNull();
    // The first installment is paid before the sweep: only the second (due in 2 days) is reminded.
    await call(t, "POST", `/api/layaways/${plan.id}/payments`, {
      actor: clerk,
      body: { amount: plan.installments[0].amount },
    });

    await runSweep();
    await runSweep();
    expect(sent).toEqual([
      expect.objectContaining({
        to: "ada@example.com",
        subject: `Layaway installment due ${plan.installments[1].dueAt.slice(0, 10)}`,
      }),
    ]);
    expect(sent[0]?.text).toContain("installment 2 of 3, 13.33 EUR");
    const read = (await call(t, "GET", `/api/layaways/${plan.id}`, { actor: clerk })).body.data;
    expect(read.installments.map((i: { remindedAt: string | null }) => i.remindedAt !== null)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("forfeits plans past their deadline, returning their stock, and leaves the others", async () => {
    const entityId = await stockedProduct(t, { slug: "deadline", price: 5000, onHand: 4 });
    const body = planBody([{ entityId, quantity: 2 }], { email: undefined, deposit: { amount: 2000 } });
    const overdue = (await call(t, "POST", "/api/layaways", { actor: clerk, body })).body.data;
    const current = (await call(t, "POST", "/api/layaways", { actor: clerk, body })).body.data;
    expect(await stockOf(t, entityId)).toEqual({ onHand: 4, reserved: 4, available: 0 });
    await sql`update layaway_plans set deadline = now() - interval '1 minute' where id = ${overdue.id}`.execute(t.db);

    await runSweep();
    const forfeited = (await call(t, "GET", `/api/layaways/${overdue.id}`, { actor: clerk })).body.data;
    expect(forfeited).toMatchObject({
      status: "forfeited",
      forfeitReason: "deadline",
      forfeitFee: 1000,
      refundedAmount: 1000,
    });
    expect(
      forfeited.ledger.map((entry: { kind: string; actorId: string | null }) => [entry.kind, entry.actorId]),
    ).toEqual([
      ["deposit", "clerk"],
      ["refund", null],
    ]);
    expect((await call(t, "GET", `/api/layaways/${current.id}`, { actor: clerk })).body.data.status).toBe("active");
    expect(await stockOf(t, entityId)).toEqual({ onHand: 4, reserved: 2, available: 2 });
    const events = await sql<{
      type: string;
    }>`select type from domain_events where entity_id = ${overdue.id} and type = 'layaway.forfeit'`.execute(t.db);
    expect(events.rows).toHaveLength(1);

    // Run again: nothing more happens to it.
    await runSweep();
    expect((await call(t, "GET", `/api/layaways/${overdue.id}`, { actor: clerk })).body.data.ledger).toHaveLength(2);
  });

  it("queues its sweep again after each run, one pending copy at a time", async () => {
    await runSweep();
    const pending = await sql<{
      count: string;
    }>`select count(*) from jobs where task_slug = ${SWEEP_TASK} and status = 'pending'`.execute(t.db);
    expect(Number(pending.rows[0]?.count)).toBe(1);
  });
});
