export { layaway, LAYAWAY_VERSION } from "./layaway-plugin.js";
export type { LayawayOptions } from "./layaway-options.js";
export { layawayEvents, SWEEP_TASK, REMIND_TASK } from "./layaway-declarations.js";
export {
  planSchema,
  planSummarySchema,
  planStatusSchema,
  layawayLineSchema,
  installmentSchema,
  ledgerEntrySchema,
  createPlanInput,
  paymentInput,
  forfeitInput,
  listPlansQuery,
} from "./layaway-schemas.js";
export { planMoves } from "./layaway-states.js";
export type {
  LayawayService,
  Plan,
  PlanSummary,
  LedgerEntry,
  LayawayLine,
  CreatePlanInput,
  PaymentInput,
  PaymentResult,
  ForfeitInput,
  SweepResult,
} from "./layaway-service.js";
