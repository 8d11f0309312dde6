import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";

/**
 * What a ledger entry records, with its sign: `sale` (+, a paid sub-order's total), `commission` (−, the
 * marketplace's share; + when a refund gives a share back), `refund` (−, refunded to the customer; + when
 * the refund is undone), `payout` (−, sent to the vendor), `adjustment` (±, a dispute's resolution, an
 * order cancelled after payment).
 */
export const ledgerKindSchema = z.enum(["sale", "commission", "refund", "payout", "adjustment"]);

/** One entry of a vendor's append-only ledger. The balance is the sum of the entries, never a stored number. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  kind: ledgerKindSchema,
  /** Signed minor units. */
  amount: z.number().int(),
  currency: z.string(),
  subOrderId: z.string().nullable(),
  refundId: z.string().nullable(),
  payoutId: z.string().nullable(),
  disputeId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/** A vendor's balance in one currency. */
export const currencyBalanceSchema = z.object({
  currency: z.string(),
  /** Sum of every entry: what the marketplace owes the vendor (negative: what the vendor owes back). */
  balance: z.number().int(),
  /** What a payout run would send now: the balance less the sales still held (never below 0). */
  available: z.number().int(),
  /** Sales still inside the holding period. */
  held: z.number().int(),
});

export const vendorBalanceSchema = z.object({
  vendorId: z.string(),
  holdingPeriodDays: z.number(),
  balances: z.array(currencyBalanceSchema),
  /** The latest entries, newest first. */
  recentEntries: z.array(ledgerEntrySchema),
});

/** Where a payout stands: `pending` (queued), `processing` (the adapter is paying), `paid`, `failed` (retry it). */
export const payoutStatusSchema = z.enum(["pending", "processing", "paid", "failed"]);

export const payoutSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: payoutStatusSchema,
  /** The payout adapter's id (`manual` by default) and its reference once paid. */
  provider: z.string(),
  providerReference: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listPayoutsQuery = paginationQuery.extend({
  status: payoutStatusSchema.optional(),
  vendorId: z.uuid().optional(),
});

export const listOwnPayoutsQuery = paginationQuery.extend({ status: payoutStatusSchema.optional() });

/** `POST /payouts/run`: optionally one vendor only. */
export const runPayoutsInput = z.object({ vendorId: z.uuid().optional() }).default({});

export const payoutRunSchema = z.object({
  /** The payouts this run created (each with its job); empty when nothing was due. */
  payouts: z.array(payoutSchema),
});

/** `GET /vendors/:id/performance`. */
export const vendorPerformanceSchema = z.object({
  vendorId: z.string(),
  subOrders: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Cancelled over all, 0 to 1; 0 without sub-orders. */
  cancellationRate: z.number(),
  /** Sums of settled sub-orders per currency. */
  sales: z.array(
    z.object({
      currency: z.string(),
      gross: z.number().int(),
      commission: z.number().int(),
      refunded: z.number().int(),
    }),
  ),
  reviews: z.object({ count: z.number().int(), averageRating: z.number().nullable() }),
  disputes: z.object({ open: z.number().int(), total: z.number().int() }),
  returns: z.object({ open: z.number().int(), total: z.number().int() }),
});
