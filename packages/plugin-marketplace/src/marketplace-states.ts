import { AppError } from "@unified-commerce/plugin-sdk";
import type { z } from "zod";
import type { disputeStatusSchema, returnStatusSchema } from "./aftersale-schemas.js";
import type { subOrderStatusSchema } from "./sub-order-schemas.js";
import type { documentStatusSchema, vendorStatusSchema } from "./vendor-schemas.js";

export type VendorStatus = z.output<typeof vendorStatusSchema>;
export type SubOrderStatus = z.output<typeof subOrderStatusSchema>;
export type DisputeStatus = z.output<typeof disputeStatusSchema>;
export type ReturnStatus = z.output<typeof returnStatusSchema>;
export type DocumentStatus = z.output<typeof documentStatusSchema>;

type Moves<S extends string> = Record<string, { from: readonly S[]; to: S }>;

/**
 * A vendor's life cycle, as data. `rejected` is final; a suspended vendor keeps its sub-orders and
 * ledger but checkout refuses its items and payout runs skip it.
 */
export const vendorMoves = {
  approve: { from: ["pending"], to: "active" },
  reject: { from: ["pending"], to: "rejected" },
  suspend: { from: ["active"], to: "suspended" },
  reinstate: { from: ["suspended"], to: "active" },
} as const satisfies Moves<VendorStatus>;

/** A sub-order's fulfilment, as data; staff's `PATCH /sub-orders/:id/status` follows the same moves. */
export const subOrderMoves = {
  confirm: { from: ["pending"], to: "confirmed" },
  ship: { from: ["confirmed"], to: "shipped" },
  deliver: { from: ["shipped"], to: "delivered" },
  cancel: { from: ["pending", "confirmed"], to: "cancelled" },
} as const satisfies Moves<SubOrderStatus>;

export const disputeMoves = {
  respond: { from: ["open"], to: "responded" },
  escalate: { from: ["open", "responded"], to: "escalated" },
  resolve: { from: ["open", "responded", "escalated"], to: "resolved" },
} as const satisfies Moves<DisputeStatus>;

export const returnMoves = {
  shipBack: { from: ["requested"], to: "shipped_back" },
  receive: { from: ["requested", "shipped_back"], to: "received" },
} as const satisfies Moves<ReturnStatus>;

export const documentMoves = {
  approve: { from: ["pending", "rejected"], to: "approved" },
  reject: { from: ["pending", "approved"], to: "rejected" },
} as const satisfies Moves<DocumentStatus>;

/**
 * Refuses a move its machine does not allow from `status`: 409 CONFLICT, before any write. The services
 * then write with a guarded `UPDATE ... WHERE status IN (from)`, so two racing moves cannot both pass.
 */
export function assertMove<S extends string>(
  what: string,
  moves: Moves<S>,
  move: string,
  status: S,
): { from: readonly S[]; to: S } {
  const allowed = moves[move];
  if (!allowed || !allowed.from.includes(status))
    throw AppError.conflict(`A ${status} ${what} cannot ${move === "shipBack" ? "be shipped back" : move}`);
  return allowed;
}

/** The move of a machine that reaches `to`, for routes that name the target state (`PATCH .../status`). */
export function moveTo<M extends Moves<string>>(moves: M, to: M[keyof M]["to"]): (keyof M & string) | undefined {
  return (Object.keys(moves) as (keyof M & string)[]).find((name) => moves[name]?.to === to);
}
