import type { Kysely } from "kysely";
import { isAppError, type CoreTables } from "@unified-commerce/plugin-sdk";
import { layawayScope, type LayawayContext } from "./layaway-context.js";
import type { LayawayTables } from "./layaway-tables.js";
import { REMIND_TASK } from "./layaway-declarations.js";
import { coveredSequences } from "./layaway-schedule.js";
import { forfeitPlan } from "./plan-forfeit.js";

const DAY_MS = 24 * 3600 * 1000;
/** Plans handled per run; the next run (an interval later) takes the rest. */
const SWEEP_BATCH = 200;

export interface SweepResult {
  forfeited: number;
  reminded: number;
}

/** Formats minor units for a message: `12.50 EUR` (the currency's own decimals). */
export function formatAmount(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/**
 * The job's work, over every organization (each plan is then changed in its own organization's scope
 * and transaction): forfeits active plans whose deadline has passed (`reason: "deadline"`, the fee
 * policy as a manual forfeit), then queues one reminder per due date of each active plan with an
 * e-mail address whose next unpaid installments fall due within `reminderLeadDays`. The reminder is
 * claimed by a guarded update of the installment's `reminded_at` and its mail job enqueued in the same
 * transaction, so each due date is reminded once however often or concurrently the sweep runs.
 */
export async function sweepPlans(context: LayawayContext, now = new Date()): Promise<SweepResult> {
  const db = context.database.db.withTables<LayawayTables>();
  const overdue = await db
    .selectFrom("layawayPlans")
    .select(["id", "organizationId"])
    .where("status", "=", "active")
    .where("deadline", "<=", now)
    .orderBy("deadline")
    .limit(SWEEP_BATCH)
    .execute();
  let forfeited = 0;
  for (const plan of overdue) {
    try {
      await forfeitPlan(context, {
        organizationId: plan.organizationId,
        actor: null,
        planId: plan.id,
        reason: "deadline",
        body: {},
      });
      forfeited += 1;
    } catch (error) {
      // Completed or forfeited since the scan (a payment or staff won the row lock): nothing to do.
      if (!(isAppError(error) && error.code === "CONFLICT")) throw error;
    }
  }

  const horizon = new Date(now.getTime() + context.settings.reminderLeadDays * DAY_MS);
  const due = await db
    .selectFrom("layawayInstallments as i")
    .innerJoin("layawayPlans as p", "p.id", "i.planId")
    .select(["p.id as planId", "p.organizationId"])
    .distinct()
    .where("i.remindedAt", "is", null)
    .where("i.dueAt", "<=", horizon)
    .where("p.status", "=", "active")
    .where("p.email", "is not", null)
    .where("p.deadline", ">", now)
    .limit(SWEEP_BATCH)
    .execute();
  let reminded = 0;
  for (const { planId, organizationId } of due)
    reminded += await queueReminders(context, organizationId, planId, horizon);
  return { forfeited, reminded };
}

/** Claims the plan's unreminded, uncovered installments due by `horizon` and enqueues their mails. */
async function queueReminders(
  context: LayawayContext,
  organizationId: string,
  planId: string,
  horizon: Date,
): Promise<number> {
  return context.database.transaction(async (trx) => {
    const scope = layawayScope(trx, organizationId);
    const plan = await scope
      .selectFrom("layawayPlans")
      .select(["paidAmount", "depositAmount", "status"])
      .where("id", "=", planId)
      .executeTakeFirst();
    if (plan?.status !== "active") return 0;
    const installments = await scope
      .selectFrom("layawayInstallments")
      .select(["id", "sequence", "amount", "dueAt", "remindedAt"])
      .where("planId", "=", planId)
      .orderBy("sequence")
      .execute();
    const covered = coveredSequences(installments, plan.paidAmount - plan.depositAmount);
    let queued = 0;
    for (const installment of installments) {
      if (
        covered.has(installment.sequence) ||
        installment.remindedAt !== null ||
        installment.dueAt.getTime() > horizon.getTime()
      )
        continue;
      const claimed = await scope
        .updateTable("layawayInstallments")
        .set({ remindedAt: new Date() })
        .where("id", "=", installment.id)
        .where("remindedAt", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!claimed) continue;
      await context.services.jobs.enqueue(
        REMIND_TASK,
        { planId, installmentId: installment.id },
        { organizationId, trx },
      );
      queued += 1;
    }
    return queued;
  });
}

/**
 * The reminder job's work: mails the customer about one installment, unless the plan is no longer active
 * or the installment got paid since it was queued. A mailer failure throws, so the queue retries.
 */
export async function sendReminder(
  context: LayawayContext,
  input: { organizationId: string; planId: string; installmentId: string },
): Promise<{ sent: boolean }> {
  const db: Kysely<CoreTables> = context.database.db;
  const scope = layawayScope(db, input.organizationId);
  const plan = await scope
    .selectFrom("layawayPlans")
    .select(["id", "status", "email", "currency", "total", "paidAmount", "depositAmount", "deadline"])
    .where("id", "=", input.planId)
    .executeTakeFirst();
  if (!plan || plan.status !== "active" || plan.email === null) return { sent: false };
  const installments = await scope
    .selectFrom("layawayInstallments")
    .select(["id", "sequence", "amount", "dueAt"])
    .where("planId", "=", plan.id)
    .orderBy("sequence")
    .execute();
  const installment = installments.find((candidate) => candidate.id === input.installmentId);
  if (!installment || coveredSequences(installments, plan.paidAmount - plan.depositAmount).has(installment.sequence))
    return { sent: false };
  const dueDay = installment.dueAt.toISOString().slice(0, 10);
  await context.mailer.send({
    to: plan.email,
    subject: `Layaway installment due ${dueDay}`,
    text: [
      `Your layaway installment ${installment.sequence} of ${installments.length}, ${formatAmount(installment.amount, plan.currency)}, is due on ${dueDay}.`,
      `Paid so far: ${formatAmount(plan.paidAmount, plan.currency)} of ${formatAmount(plan.total, plan.currency)}.`,
      `The plan must be paid off by ${plan.deadline.toISOString().slice(0, 10)}; after that it is forfeited and the items are released.`,
      `Plan reference: ${plan.id}`,
    ].join("\n"),
  });
  return { sent: true };
}
