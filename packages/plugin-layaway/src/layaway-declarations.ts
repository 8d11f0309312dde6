import { z } from "zod";
import { defineEvents, type EventPayloadsOf } from "@unified-commerce/plugin-sdk";
import { forfeitReasonSchema, ledgerKindSchema } from "./layaway-schemas.js";
import type { LayawayService } from "./layaway-service.js";

const planRef = { planId: z.string(), customerId: z.string() };

/** Events the plugin emits, each in the transaction of its change; webhook endpoints may subscribe to them. */
export const layawayEvents = defineEvents({
  "layaway.create": {
    description: "A layaway plan was created and its stock reserved",
    payload: z.object({ ...planRef, total: z.number().int(), currency: z.string(), deadline: z.string() }),
  },
  "layaway.payment": {
    description: "A payment (the deposit or an installment) was recorded on a layaway plan",
    payload: z.object({
      ...planRef,
      paymentId: z.string(),
      kind: ledgerKindSchema,
      amount: z.number().int(),
      paidAmount: z.number().int(),
      balance: z.number().int(),
    }),
  },
  "layaway.complete": {
    description: "A layaway plan was paid off and became an order",
    payload: z.object({ ...planRef, orderId: z.string(), orderNumber: z.string() }),
  },
  "layaway.forfeit": {
    description: "A layaway plan was forfeited: its stock released, the fee kept and the rest refunded",
    payload: z.object({
      ...planRef,
      reason: forfeitReasonSchema,
      paidAmount: z.number().int(),
      fee: z.number().int(),
      refunded: z.number().int(),
    }),
  },
});

/** The deadline-and-reminder sweep, and one reminder's mail. */
export const SWEEP_TASK = "layaway/sweep";
export const REMIND_TASK = "layaway/remind";

declare module "@unified-commerce/plugin-sdk" {
  interface DomainEvents extends EventPayloadsOf<typeof layawayEvents> {}
  interface Services {
    layaways: LayawayService;
  }
  interface TaskInputs {
    /** Forfeits active plans past their deadline and queues reminders; recurring, every `sweepIntervalMs`. */
    "layaway/sweep": Record<string, never>;
    /** Mails one installment's reminder. */
    "layaway/remind": { planId: string; installmentId: string };
  }
}
