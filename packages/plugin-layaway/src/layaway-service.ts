import type { Actor, TxOptions } from "@unified-commerce/plugin-sdk";
import type { LayawayContext } from "./layaway-context.js";
import { sendReminder, sweepPlans, type SweepResult } from "./layaway-sweep.js";
import { createPlan, type CreatePlanInput } from "./plan-creation.js";
import { forfeitPlan, type ForfeitInput } from "./plan-forfeit.js";
import { recordPayment, type PaymentInput, type PaymentResult } from "./plan-payments.js";
import { listPlans, readPlan, type ListPlansQuery, type Plan, type PlanSummary } from "./plan-reads.js";

/**
 * `services.layaways`: plans made, paid, completed into orders and forfeited, each change one
 * transaction with its events (`{ trx }` joins the caller's); and the job's sweep and reminders.
 */
export function createLayawayService(context: LayawayContext) {
  return {
    create: (organizationId: string, actor: Actor | null, body: CreatePlanInput, options?: TxOptions): Promise<Plan> =>
      createPlan(context, { organizationId, actor, body }, options),
    list: (
      organizationId: string,
      query: ListPlansQuery,
      options?: TxOptions,
    ): Promise<{ items: PlanSummary[]; total: number }> =>
      listPlans(options?.trx ?? context.database.db, organizationId, query),
    /** A plan with its lines, schedule and ledger; 404 for another organization's. */
    get: (organizationId: string, planId: string, options?: TxOptions): Promise<Plan> =>
      readPlan(options?.trx ?? context.database.db, organizationId, planId),
    pay: (
      organizationId: string,
      actor: Actor | null,
      planId: string,
      body: PaymentInput,
      options?: TxOptions,
    ): Promise<PaymentResult> => recordPayment(context, { organizationId, actor, planId, body }, options),
    forfeit: (
      organizationId: string,
      actor: Actor | null,
      planId: string,
      body: ForfeitInput,
      options?: TxOptions,
    ): Promise<Plan> => forfeitPlan(context, { organizationId, actor, planId, reason: "manual", body }, options),
    /** The `layaway/sweep` job's work: deadline forfeits and reminder claims, every organization. */
    sweep: (now?: Date): Promise<SweepResult> => sweepPlans(context, now),
    /** The `layaway/remind` job's work. */
    sendReminder: (organizationId: string, planId: string, installmentId: string): Promise<{ sent: boolean }> =>
      sendReminder(context, { organizationId, planId, installmentId }),
  };
}

export type LayawayService = ReturnType<typeof createLayawayService>;
export type { Plan, PlanSummary, LedgerEntry, LayawayLine, ListPlansQuery } from "./plan-reads.js";
export type { CreatePlanInput } from "./plan-creation.js";
export type { PaymentInput, PaymentResult } from "./plan-payments.js";
export type { ForfeitInput } from "./plan-forfeit.js";
export type { SweepResult } from "./layaway-sweep.js";
