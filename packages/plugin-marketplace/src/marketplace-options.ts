import { manualPayoutAdapter, type PayoutAdapter } from "./payout-adapter.js";

/** Options of `marketplace()`. */
export interface MarketplaceOptions {
  /**
   * Days a sale's money is held before a payout run may send it (returns and disputes come out of it).
   * Debits (refunds, commission, adjustments) count at once. Fractions allowed.
   * @default 7
   */
  holdingPeriodDays?: number;
  /**
   * The smallest payout a run makes, minor units; a smaller amount due waits for the next run.
   * @default 1
   */
  minimumPayout?: number;
  /** How vendors are paid. @default manualPayoutAdapter() */
  payoutAdapter?: PayoutAdapter;
}

/** The options with their defaults, resolved once by the factory. */
export interface MarketplaceSettings {
  holdingPeriodDays: number;
  minimumPayout: number;
  payoutAdapter: PayoutAdapter;
}

export function marketplaceSettings(options: MarketplaceOptions): MarketplaceSettings {
  const holdingPeriodDays = options.holdingPeriodDays ?? 7;
  if (!Number.isFinite(holdingPeriodDays) || holdingPeriodDays < 0) throw new Error(`marketplace: holdingPeriodDays must be a number of days >= 0, got ${String(holdingPeriodDays)}`);
  const minimumPayout = options.minimumPayout ?? 1;
  if (!Number.isSafeInteger(minimumPayout) || minimumPayout < 1) throw new Error(`marketplace: minimumPayout must be a positive integer of minor units, got ${String(minimumPayout)}`);
  return { holdingPeriodDays, minimumPayout, payoutAdapter: options.payoutAdapter ?? manualPayoutAdapter() };
}
