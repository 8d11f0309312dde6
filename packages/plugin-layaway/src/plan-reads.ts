import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import { AppError, pageOffset, type CoreTables } from "@unified-commerce/plugin-sdk";
import { layawayScope } from "./layaway-context.js";
import { coveredSequences } from "./layaway-schedule.js";
import type {
  layawayLineSchema,
  ledgerEntrySchema,
  listPlansQuery,
  planSchema,
  planSummarySchema,
} from "./layaway-schemas.js";
import type { LayawayTables } from "./layaway-tables.js";

export type Plan = z.output<typeof planSchema>;
export type PlanSummary = z.output<typeof planSummarySchema>;
export type LayawayLine = z.output<typeof layawayLineSchema>;
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export type ListPlansQuery = z.output<typeof listPlansQuery>;

export const PLAN_COLUMNS = [
  "id",
  "status",
  "customerId",
  "email",
  "currency",
  "isTaxInclusive",
  "subtotal",
  "taxTotal",
  "total",
  "depositAmount",
  "paidAmount",
  "deadline",
  "orderId",
  "forfeitReason",
  "forfeitFee",
  "refundedAmount",
  "completedAt",
  "forfeitedAt",
  "createdAt",
  "updatedAt",
] as const;

export const LINE_COLUMNS = [
  "id",
  "entityId",
  "variantId",
  "title",
  "sku",
  "quantity",
  "unitPrice",
  "subtotal",
  "tax",
  "total",
  "taxRateBps",
  "reservationId",
] as const;
export const LEDGER_COLUMNS = [
  "id",
  "kind",
  "amount",
  "method",
  "provider",
  "providerReference",
  "actorId",
  "createdAt",
] as const;

export type PlanRow = Pick<Selectable<LayawayTables["layawayPlans"]>, (typeof PLAN_COLUMNS)[number]>;
type LedgerRow = Pick<Selectable<LayawayTables["layawayLedger"]>, (typeof LEDGER_COLUMNS)[number]>;

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export const toPlanSummary = (row: PlanRow): PlanSummary => ({
  ...row,
  balance: row.total - row.paidAmount,
  deadline: row.deadline.toISOString(),
  completedAt: iso(row.completedAt),
  forfeitedAt: iso(row.forfeitedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({ ...row, createdAt: row.createdAt.toISOString() });

export const planNotFound = () => AppError.notFound("Layaway plan");

/**
 * The plan row of the organization, locked `for update` when `isLocked` (every change reads it so: two
 * payments or a payment and a forfeit of one plan run one after the other). 404 for anything else,
 * another organization's plans included.
 */
export async function readPlanRow(
  db: Kysely<CoreTables>,
  organizationId: string,
  planId: string,
  isLocked = false,
): Promise<PlanRow> {
  const query = layawayScope(db, organizationId)
    .selectFrom("layawayPlans")
    .select(PLAN_COLUMNS)
    .where("id", "=", planId);
  const row = await (isLocked ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw planNotFound();
  return row;
}

/** A plan with its lines, schedule (with what the payments cover) and ledger, oldest entry first. */
export async function readPlan(
  db: Kysely<CoreTables>,
  organizationId: string,
  planId: string,
  row?: PlanRow,
): Promise<Plan> {
  const plan = row ?? (await readPlanRow(db, organizationId, planId));
  const scope = layawayScope(db, organizationId);
  const [lines, installments, ledger] = await Promise.all([
    scope.selectFrom("layawayLines").select(LINE_COLUMNS).where("planId", "=", plan.id).orderBy("position").execute(),
    scope
      .selectFrom("layawayInstallments")
      .select(["sequence", "dueAt", "amount", "remindedAt"])
      .where("planId", "=", plan.id)
      .orderBy("sequence")
      .execute(),
    scope
      .selectFrom("layawayLedger")
      .select(LEDGER_COLUMNS)
      .where("planId", "=", plan.id)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
  ]);
  const covered = coveredSequences(installments, plan.paidAmount - plan.depositAmount);
  return {
    ...toPlanSummary(plan),
    lines,
    installments: installments.map((installment) => ({
      ...installment,
      dueAt: installment.dueAt.toISOString(),
      remindedAt: iso(installment.remindedAt),
      isCovered: covered.has(installment.sequence),
    })),
    ledger: ledger.map(toLedgerEntry),
  };
}

/** The organization's plans, newest first, optionally of one status. */
export async function listPlans(
  db: Kysely<CoreTables>,
  organizationId: string,
  query: ListPlansQuery,
): Promise<{ items: PlanSummary[]; total: number }> {
  let base = layawayScope(db, organizationId).selectFrom("layawayPlans");
  if (query.status) base = base.where("status", "=", query.status);
  const [rows, counted] = await Promise.all([
    base
      .select(PLAN_COLUMNS)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toPlanSummary), total: Number(counted.count) };
}
