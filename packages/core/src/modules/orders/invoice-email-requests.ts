import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import { tenantScope } from "../../db/tenant-scope.js";
import { takeWithinWindow } from "../../db/windowed-limit.js";
import { AppError } from "../../kernel/app-error.js";

/** How many invoice e-mails may be asked for in a window: `mail.invoiceEmailLimit`. */
export interface InvoiceEmailLimit {
  /** Requests per order in a window. @default 5 */
  perOrder?: number;
  /** Requests per caller (the accountable actor) in a window, across orders. @default 30 */
  perCaller?: number;
  /** The window, in seconds. @default 3600 */
  windowSeconds?: number;
}

export const DEFAULT_INVOICE_EMAIL_LIMIT: Required<InvoiceEmailLimit> = {
  perOrder: 5,
  perCaller: 30,
  windowSeconds: 3600,
};

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type InvoiceEmailTables = {
  /** One row per accepted `POST /orders/:id/invoice/email`: the counter behind its limits, and who sent what where. */
  orderInvoiceEmails: {
    id: string;
    organizationId: string;
    orderId: string;
    requestedBy: string;
    recipient: string;
    createdAt: Timestamp;
  };
};

/** Advisory lock namespace (the first int4 of the two-key form) of invoice e-mail counting: "uc_i". */
const LOCK_NAMESPACE = 0x75635f69;

/**
 * Counts the request against the order's and the caller's window and records it (429 TOO_MANY_REQUESTS
 * over either limit, recording nothing). The counts live in the database, so every process shares them;
 * `takeWithinWindow` locks both keys first, so concurrent requests count one after the other.
 */
export async function recordInvoiceEmailRequest(
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    orderId: string;
    requestedBy: string;
    recipient: string;
    limit: InvoiceEmailLimit | undefined;
  },
): Promise<void> {
  const { perOrder, perCaller, windowSeconds } = { ...DEFAULT_INVOICE_EMAIL_LIMIT, ...input.limit };
  const { organizationId, orderId, requestedBy } = input;
  const scope = tenantScope(trx.withTables<InvoiceEmailTables>(), organizationId);
  const forOrder = { key: `order:${organizationId}:${orderId}`, max: perOrder };
  const forCaller = { key: `caller:${organizationId}:${requestedBy}`, max: perCaller };
  const taken = await takeWithinWindow(trx, LOCK_NAMESPACE, [forOrder, forCaller], {
    count: async () => {
      const since = new Date(Date.now() - windowSeconds * 1000);
      const counted = await scope
        .selectFrom("orderInvoiceEmails")
        .select((eb) => [
          eb.fn.countAll<number>().filterWhere("orderId", "=", orderId).as("forOrder"),
          eb.fn.countAll<number>().filterWhere("requestedBy", "=", requestedBy).as("forCaller"),
        ])
        .where("createdAt", ">", since)
        .where((eb) => eb.or([eb("orderId", "=", orderId), eb("requestedBy", "=", requestedBy)]))
        .executeTakeFirstOrThrow();
      return (limit) => Number(limit === forOrder ? counted.forOrder : counted.forCaller);
    },
    record: async () => {
      await scope
        .insertInto("orderInvoiceEmails", { id: randomUUID(), orderId, requestedBy, recipient: input.recipient })
        .execute();
    },
  });
  if (taken.isTaken) return;
  if (taken.refusedBy === forOrder) {
    throw new AppError("TOO_MANY_REQUESTS", {
      message: `This order's invoice was e-mailed ${perOrder} times in the last ${windowSeconds} seconds; try again later`,
    });
  }
  throw new AppError("TOO_MANY_REQUESTS", {
    message: `You asked for ${perCaller} invoice e-mails in the last ${windowSeconds} seconds; try again later`,
  });
}
