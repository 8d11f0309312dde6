import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { queryTemplate } from "../../db/query-template.js";
import { isUuid } from "../../db/is-uuid.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { unknownPaymentProvider } from "./payments-errors.js";
import {
  paymentsScope,
  PAYMENT_INTENT_COLUMNS,
  toPaymentIntent,
  type PaymentIntent,
  type PaymentsContext,
} from "./payments-context.js";

/** The job that asks the provider for the payment, after checkout committed. */
export const CREATE_INTENT_TASK = "payments/create-intent";

/** What checkout records for the order it created. */
export interface RecordIntentInput {
  organizationId: string;
  orderId: string;
  /** As the customer chose it (`card:pm_123`, `manual`): its provider is `providerOf(paymentMethodId)`. */
  paymentMethodId: string;
  /** The adapter's id; a provider no adapter is registered for is a 422. */
  provider: string;
  /** Minor units. */
  amount: number;
  currency: string;
}

/** Where an attempt of the create-intent job stands: the last one records a failure as final. */
export interface IntentAttempt {
  isLast: boolean;
}

const MAX_ERROR_LENGTH = 1000;

/** Statuses whose intent still needs the provider's answer. */
const isAskable = (status: PaymentIntent["status"]): boolean => status === "pending" || status === "failed";

/** A new `pending` intent, as checkout records it. */
const insertIntent = queryTemplate(
  (db, args: Omit<RecordIntentInput, "organizationId"> & { organizationId: string; id: string }) =>
    paymentsScope(db, args.organizationId)
      .insertInto("paymentIntents", {
        id: args.id,
        orderId: args.orderId,
        paymentMethodId: args.paymentMethodId,
        provider: args.provider,
        amount: args.amount,
        currency: args.currency,
        status: "pending",
        providerReference: null,
        attempts: 0,
        lastError: null,
        clientSecretSealed: null,
      })
      .returning(PAYMENT_INTENT_COLUMNS),
);

export function createPaymentIntentOperations({ database, services, registry, logger, secrets }: PaymentsContext) {
  return {
    /**
     * Writes the intent (`pending`) and enqueues `payments/create-intent` in the caller's transaction
     * (checkout's, before it writes the order `orderId` names): the provider is called by that job once
     * the order committed, never while checkout holds its row locks, and never for an order that rolled
     * back.
     */
    async recordIntent(input: RecordIntentInput, options: Required<TxOptions>): Promise<PaymentIntent> {
      if (!registry.has(input.provider)) {
        throw unknownPaymentProvider(input.provider, registry.ids());
      }
      const { organizationId, ...fields } = input;
      const { rows } = await insertIntent.execute(options.trx, { ...fields, organizationId, id: randomUUID() });
      const row = rows[0];
      if (!row) throw new Error("The payment intent's insert returned no row");
      await services.jobs.enqueue(CREATE_INTENT_TASK, { intentId: row.id }, { organizationId, trx: options.trx });
      return toPaymentIntent(row);
    },

    /**
     * The create-intent job's work: calls the provider outside any transaction, with the intent's id as
     * idempotency key (a retry after a timeout finds the payment the first call made), then records
     * the provider's reference and status with a guarded update. A throw is recorded on the intent and
     * rethrown, so the queue retries with backoff; the last attempt marks the intent `failed`.
     */
    async createProviderIntent(
      organizationId: string,
      intentId: string,
      attempt: IntentAttempt,
    ): Promise<PaymentIntent | null> {
      const scope = paymentsScope(database.db, organizationId);
      const intent = await scope
        .selectFrom("paymentIntents")
        .select(PAYMENT_INTENT_COLUMNS)
        .where("id", "=", intentId)
        .executeTakeFirst();
      // Already answered by the provider (a job run twice), or settled by a webhook first: nothing to ask.
      // A `failed` intent is asked again: an administrator retried its job.
      if (!intent || intent.providerReference !== null || !isAskable(intent.status))
        return intent ? toPaymentIntent(intent) : null;
      const adapter = registry.get(intent.provider);
      if (!adapter) throw new Error(`No payment adapter "${intent.provider}" is registered`);
      const order = await services.orders.get(organizationId, intent.orderId);
      try {
        const result = await adapter.createIntent(
          {
            organizationId,
            orderId: intent.orderId,
            orderNumber: order.number,
            amount: intent.amount,
            currency: intent.currency,
            paymentMethodId: registry.methodOf(intent.paymentMethodId),
            idempotencyKey: intent.id,
          },
          { outbound: services.outbound },
        );
        const updated = await scope
          .updateTable("paymentIntents")
          .set({
            providerReference: result.providerReference,
            clientSecretSealed: result.clientSecret ? secrets.seal(result.clientSecret) : null,
            // A webhook may have settled the intent while the provider was answering: its status stands.
            status: sql`case when status in ('pending', 'failed') then ${result.status} else status end`,
            attempts: sql`attempts + 1`,
            lastError: null,
            updatedAt: sql`now()`,
          })
          .where("id", "=", intentId)
          .where("providerReference", "is", null)
          .returning(PAYMENT_INTENT_COLUMNS)
          .executeTakeFirst();
        return updated ? toPaymentIntent(updated) : null;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
        logger.warn(
          { err: error, intentId, provider: intent.provider, isLast: attempt.isLast },
          "payment provider call failed",
        );
        await scope
          .updateTable("paymentIntents")
          .set({
            attempts: sql`attempts + 1`,
            lastError: message,
            ...(attempt.isLast ? { status: sql`case when status = 'pending' then 'failed' else status end` } : {}),
            updatedAt: sql`now()`,
          })
          .where("id", "=", intentId)
          .where("providerReference", "is", null)
          .execute();
        throw error;
      }
    },

    /** The intents of an order, oldest first. */
    async intentsOf(organizationId: string, orderId: string, options?: TxOptions): Promise<PaymentIntent[]> {
      if (!isUuid(orderId)) return [];
      const rows = await paymentsScope(options?.trx ?? database.db, organizationId)
        .selectFrom("paymentIntents")
        .select(PAYMENT_INTENT_COLUMNS)
        .where("orderId", "=", orderId)
        .orderBy("createdAt")
        .execute();
      return rows.map(toPaymentIntent);
    },
  };
}
