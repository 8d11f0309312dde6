import type { ServiceContext } from "../../kernel/contexts.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { evaluatePromotions, type EvaluateInput, type Evaluation } from "./promotion-evaluation.js";
import { createPromotionOperations } from "./promotion-operations.js";
import { redeemPromotion, type RedeemInput, type Redemption } from "./promotion-redemption.js";
import type { PromotionsContext } from "./promotions-context.js";
import type { PromotionsTables } from "./promotions-tables.js";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { promotionsEvents } from "./promotions-events.js";

/**
 * Promotions: CRUD, evaluation of codes against a cart priced by `services.pricing` (validate, checkout),
 * and redemption inside checkout's transaction with usage limits that hold under concurrency.
 */
export function createPromotionsService({
  database,
  events,
  services,
}: Pick<ServiceContext, "database" | "events" | "services">) {
  const context: PromotionsContext = { database, db: database.db.withTables<PromotionsTables>(), events, services };
  return {
    ...createPromotionOperations(context),
    /** Applies codes to lines priced on the server; redeems nothing. */
    evaluate: (input: EvaluateInput, options?: TxOptions): Promise<Evaluation> =>
      evaluatePromotions(context, input, options),
    /**
     * Counts one use of a code; 409 when a limit is reached. Meant for the caller's transaction
     * (checkout's), which a refusal rolls back whole; without one it runs in its own.
     */
    redeem: (input: RedeemInput, options?: TxOptions): Promise<Redemption> =>
      inTransaction(database, options, (trx) => redeemPromotion(trx, input)),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.promotions` too.
declare module "../../kernel/services.js" {
  interface Services {
    promotions: PromotionsService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof promotionsEvents> {}
}
