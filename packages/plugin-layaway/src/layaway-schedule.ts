import { AppError, type FieldIssue } from "@unified-commerce/plugin-sdk";
import type { z } from "zod";
import type { scheduleInput } from "./layaway-schemas.js";
import type { LayawaySettings } from "./layaway-options.js";

const DAY_MS = 24 * 3600 * 1000;

/** One installment as planned: its due date and amount (minor units). */
export interface PlannedInstallment {
  sequence: number;
  dueAt: Date;
  amount: number;
}

/** The smallest deposit of a plan: `minDepositPercent` of the total rounded up, at least `minDepositAmount`. */
export const minimumDeposit = (total: number, settings: LayawaySettings): number =>
  Math.max(Math.ceil((total * settings.minDepositPercent) / 100), settings.minDepositAmount);

/** What a forfeit keeps: `forfeitFeePercent` of the total rounded up, never more than was paid. */
export const forfeitFee = (total: number, paid: number, settings: LayawaySettings): number =>
  Math.min(paid, Math.ceil((total * settings.forfeitFeePercent) / 100));

/**
 * Checks the deposit and lays out the schedule of what remains after it, answering the installments and
 * the deadline; refuses (422, before anything is written) a deposit under the minimum or covering the
 * whole total (that is a sale: use checkout), due dates not strictly increasing or in the past, and a
 * deadline before the last due date or past `maxTermDays`. The remainder is split evenly, the last
 * installment taking the odd minor units.
 */
export function planSchedule(
  input: {
    total: number;
    deposit: number;
    schedule: z.output<typeof scheduleInput>;
    deadline: string | undefined;
    now: Date;
  },
  settings: LayawaySettings,
): { installments: PlannedInstallment[]; deadline: Date } {
  const { total, deposit, now } = input;
  const issues: FieldIssue[] = [];
  const minimum = minimumDeposit(total, settings);
  if (deposit < minimum)
    issues.push({
      path: "deposit.amount",
      message: `must be at least ${minimum} (${settings.minDepositPercent}% of the total ${total}, at least ${settings.minDepositAmount})`,
    });
  if (deposit >= total)
    issues.push({
      path: "deposit.amount",
      message: `must be below the total ${total}: a plan paid in full at once is a sale (use checkout)`,
    });

  const { schedule } = input;
  const dueDates =
    "dueDates" in schedule
      ? schedule.dueDates.map((date) => new Date(date))
      : Array.from(
          { length: schedule.count },
          (_, index) => new Date(now.getTime() + (index + 1) * schedule.intervalDays * DAY_MS),
        );
  dueDates.forEach((dueAt, index) => {
    if (dueAt.getTime() <= now.getTime())
      issues.push({ path: `schedule.dueDates.${index}`, message: "must be in the future" });
    const previous = dueDates[index - 1];
    if (previous && dueAt.getTime() <= previous.getTime())
      issues.push({ path: `schedule.dueDates.${index}`, message: "must come after the previous due date" });
  });
  const last = dueDates[dueDates.length - 1] as Date;
  const deadline =
    input.deadline === undefined ? new Date(last.getTime() + settings.graceDays * DAY_MS) : new Date(input.deadline);
  const latest = now.getTime() + settings.maxTermDays * DAY_MS;
  if (deadline.getTime() < last.getTime())
    issues.push({ path: "deadline", message: "must not come before the last due date" });
  if (deadline.getTime() > latest)
    issues.push({
      path: input.deadline === undefined ? "schedule" : "deadline",
      message: `the deadline may be at most ${settings.maxTermDays} days ahead`,
    });
  const remainder = total - deposit;
  if (remainder > 0 && remainder < dueDates.length)
    issues.push({
      path: "schedule",
      message: `${dueDates.length} installments cannot share the remaining ${remainder} minor units`,
    });
  if (issues.length > 0) throw AppError.validation(issues);

  const share = Math.floor(remainder / dueDates.length);
  const installments = dueDates.map((dueAt, index) => ({
    sequence: index + 1,
    dueAt,
    amount: index === dueDates.length - 1 ? remainder - share * (dueDates.length - 1) : share,
  }));
  return { installments, deadline };
}

/**
 * Which installments the payments cover: what was paid after the deposit covers them in order, an
 * installment counting once the cumulative amount through it is reached.
 */
export function coveredSequences(
  installments: readonly { sequence: number; amount: number }[],
  paidAfterDeposit: number,
): Set<number> {
  const covered = new Set<number>();
  let cumulative = 0;
  for (const installment of [...installments].sort((a, b) => a.sequence - b.sequence)) {
    cumulative += installment.amount;
    if (cumulative <= paidAfterDeposit) covered.add(installment.sequence);
  }
  return covered;
}
