import { AppError } from "@unified-commerce/plugin-sdk";
import type { z } from "zod";
import type { planStatusSchema } from "./layaway-schemas.js";

type PlanStatus = z.output<typeof planStatusSchema>;

/** The moves of a plan's state machine, as data: `active` → `completed` | `forfeited`; both are final. */
export const planMoves = {
  pay: { from: ["active"], to: "active" },
  complete: { from: ["active"], to: "completed" },
  forfeit: { from: ["active"], to: "forfeited" },
} as const satisfies Record<string, { from: readonly PlanStatus[]; to: PlanStatus }>;

export type PlanMove = keyof typeof planMoves;

/** Refuses a move the machine does not allow from `status` (409 CONFLICT, before any write). */
export function assertMove(move: PlanMove, status: PlanStatus): void {
  const allowed: readonly PlanStatus[] = planMoves[move].from;
  if (!allowed.includes(status))
    throw AppError.conflict(`A ${status} layaway plan cannot ${move === "pay" ? "take payments" : move}`);
}

/** An active plan past its deadline takes no more payments: the deadline job forfeits it. */
export function assertBeforeDeadline(deadline: Date, now: Date): void {
  if (deadline.getTime() <= now.getTime())
    throw AppError.conflict("The layaway plan is past its deadline and takes no more payments");
}
