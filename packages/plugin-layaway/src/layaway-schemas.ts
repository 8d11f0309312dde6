import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in layaway-tables.ts) derive from the schema.

/**
 * Where a plan stands. `active` takes payments until the one reaching the total moves it to `completed`
 * (and makes the order); `forfeit` (staff, or the deadline job) moves it to `forfeited`. Both ends are
 * final: any other move is a 409 (`planMoves` in layaway-states.ts).
 */
export const planStatusSchema = z.enum(["active", "completed", "forfeited"]);

/** Why a plan was forfeited: by staff (`POST /:id/forfeit`) or by the job at its deadline. */
export const forfeitReasonSchema = z.enum(["manual", "deadline"]);

/** What a ledger entry records: the deposit, a later installment, or the refund a forfeit paid back. */
export const ledgerKindSchema = z.enum(["deposit", "installment", "refund"]);

/** One line of a plan: what is held, priced by the server when the plan was made (the price is locked). */
export const layawayLineSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  /** The entity's title when the plan was made (its slug when it has none). */
  title: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** Minor units, from `services.pricing`; never from the request. */
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  taxRateBps: z.number().int(),
  /** The inventory reservation holding the stock until the deadline. */
  reservationId: z.string(),
});

/** One installment of the schedule. `isCovered`: the payments after the deposit reach it (cumulatively). */
export const installmentSchema = z.object({
  sequence: z.number().int(),
  dueAt: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  isCovered: z.boolean(),
  /** When the reminder for this due date was queued; one per due date. */
  remindedAt: z.string().nullable(),
});

/** One entry of a plan's payment ledger; entries are never changed or removed. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  /** Minor units, always positive (a refund pays `amount` back). */
  amount: z.number().int(),
  /** How the money moved (`cash`, `card-terminal`...), as staff recorded it. */
  method: z.string(),
  /** The payment adapter (`manual`) and its reference. */
  provider: z.string(),
  providerReference: z.string().nullable(),
  /** Who recorded it; null for the deadline job. */
  actorId: z.string().nullable(),
  createdAt: z.string(),
});

/** A plan as listed: everything but its lines, schedule and ledger. */
export const planSummarySchema = z.object({
  id: z.string(),
  status: planStatusSchema,
  customerId: z.string(),
  /** Where installment reminders go; none are sent without it. */
  email: z.string().nullable(),
  currency: z.string(),
  isTaxInclusive: z.boolean(),
  subtotal: z.number().int(),
  taxTotal: z.number().int(),
  /** What the customer owes in all, minor units. */
  total: z.number().int(),
  depositAmount: z.number().int(),
  /** Paid so far (deposit included), minor units. */
  paidAmount: z.number().int(),
  /** `total - paidAmount`. */
  balance: z.number().int(),
  /** Past it an active plan is forfeited by the job; the stock is held until then. */
  deadline: z.string(),
  /** The order the plan became once paid off. */
  orderId: z.string().nullable(),
  forfeitReason: forfeitReasonSchema.nullable(),
  /** Kept from the paid amount by a forfeit (the fee policy). */
  forfeitFee: z.number().int().nullable(),
  /** Paid back by a forfeit through the manual adapter. */
  refundedAmount: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  forfeitedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A plan with its lines, its installment schedule and its payment ledger (oldest first). */
export const planSchema = planSummarySchema.extend({
  lines: z.array(layawayLineSchema),
  installments: z.array(installmentSchema),
  ledger: z.array(ledgerEntrySchema),
});

const isoMoment = z.iso.datetime({ offset: true });

/** The installment schedule: `count` installments every `intervalDays` from today, or explicit `dueDates`. */
export const scheduleInput = z.union([
  z.strictObject({ count: z.number().int().min(1).max(52), intervalDays: z.number().int().min(1).max(92) }),
  z.strictObject({ dueDates: z.array(isoMoment).min(1).max(52) }),
]);

/** Body of `POST /api/layaways`. Prices are the server's; the body names what, how many and when. */
export const createPlanInput = z.strictObject({
  /** The customer the plan is for (staff act on their behalf). */
  customerId: z.string().trim().min(1).max(200),
  /** Where installment reminders go. */
  email: z.email().max(320).optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as EUR"),
  lines: z
    .array(
      z.strictObject({
        entityId: z.uuid(),
        variantId: z.uuid().nullable().optional(),
        quantity: z.number().int().min(1).max(1000),
      }),
    )
    .min(1)
    .max(50),
  /** The first payment, taken now through the manual adapter; at least the plugin's minimum. */
  deposit: z.strictObject({
    amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    method: z.string().trim().min(1).max(50).default("cash"),
  }),
  schedule: scheduleInput,
  /** @default the last due date plus the plugin's `graceDays` */
  deadline: isoMoment.optional(),
});

/** Body of `POST /api/layaways/:id/payments`. */
export const paymentInput = z.strictObject({
  /** Minor units; at most the plan's balance (more is a 422). */
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  method: z.string().trim().min(1).max(50).default("cash"),
});

/** Body of `POST /api/layaways/:id/forfeit`. */
export const forfeitInput = z.strictObject({ note: z.string().trim().max(500).optional() }).default({});

/** `GET /api/layaways`: newest first, optionally one status. */
export const listPlansQuery = paginationQuery.extend({ status: planStatusSchema.optional() });

export const planIdParams = z.object({ id: z.uuid() });

/** What a payment answers: the entry, the plan after it, and the order when it paid the plan off. */
export const paymentResultSchema = z.object({
  payment: ledgerEntrySchema,
  plan: planSchema,
  order: z.object({ id: z.string(), number: z.string(), status: z.string() }).nullable(),
});
