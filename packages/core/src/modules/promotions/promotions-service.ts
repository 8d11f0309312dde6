import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { evaluatePromotions, type EvaluateInput, type Evaluation } from "./promotion-evaluation.js";
import { createPromotionOperations } from "./promotion-operations.js";
import { redeemPromotion, type RedeemInput, type Redemption } from "./promotion-redemption.js";
import type { PromotionsContext } from "./promotions-context.js";
import type { PromotionsTables } from "./promotions-tables.js";

/**
 * Promotions: CRUD, evaluation of codes against a cart priced by `services.pricing` (validate, checkout),
 * and redemption inside checkout's transaction with usage limits that hold under concurrency.
 */
export function createPromotionsService({ database, events, services }: Pick<ServiceContext, "database" | "events" | "services">) {
  const context: PromotionsContext = { database, db: database.db.withTables<PromotionsTables>(), events, services };
  return {
    ...createPromotionOperations(context),
    /** Applies codes to lines priced on the server; redeems nothing. */
    evaluate: (input: EvaluateInput): Promise<Evaluation> => evaluatePromotions(context, input),
    /** Counts one use of a code in the caller's transaction; 409 when a limit is reached. */
    redeem: (trx: Transaction<CoreTables>, input: RedeemInput): Promise<Redemption> => redeemPromotion(trx, input),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.promotions` too.
declare module "../../kernel/contexts.js" {
  interface Services {
    promotions: PromotionsService;
  }
}
