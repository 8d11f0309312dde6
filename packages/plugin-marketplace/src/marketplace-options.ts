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
  /**
   * Days a vendor key (`POST /vendors/:id/api-keys`) lives when the request names no `expiresInSeconds`.
   * Fractions allowed; at most `vendorKeyMaxDays`.
   * @default 90
   */
  vendorKeyDays?: number;
  /**
   * The longest a vendor key may live, in days: the `vendor` API-key scope's `keyExpiration.maxExpiresIn`,
   * so the authentication plugin refuses (422) a longer one however it is minted. No vendor key is forever.
   * @default 365
   */
  vendorKeyMaxDays?: number;
}

/** The options with their defaults, resolved once by the factory. */
export interface MarketplaceSettings {
  holdingPeriodDays: number;
  minimumPayout: number;
  payoutAdapter: PayoutAdapter;
  vendorKeyDays: number;
  vendorKeyMaxDays: number;
}

const isDays = (value: number): boolean => Number.isFinite(value) && value > 0;

export function marketplaceSettings(options: MarketplaceOptions): MarketplaceSettings {
  const holdingPeriodDays = options.holdingPeriodDays ?? 7;
  if (!Number.isFinite(holdingPeriodDays) || holdingPeriodDays < 0)
    throw new Error(`marketplace: holdingPeriodDays must be a number of days >= 0, got ${String(holdingPeriodDays)}`);
  const minimumPayout = options.minimumPayout ?? 1;
  if (!Number.isSafeInteger(minimumPayout) || minimumPayout < 1)
    throw new Error(
      `marketplace: minimumPayout must be a positive integer of minor units, got ${String(minimumPayout)}`,
    );
  const vendorKeyMaxDays = options.vendorKeyMaxDays ?? 365;
  if (!isDays(vendorKeyMaxDays))
    throw new Error(`marketplace: vendorKeyMaxDays must be a number of days > 0, got ${String(vendorKeyMaxDays)}`);
  const vendorKeyDays = options.vendorKeyDays ?? Math.min(90, vendorKeyMaxDays);
  if (!isDays(vendorKeyDays) || vendorKeyDays > vendorKeyMaxDays) {
    throw new Error(
      `marketplace: vendorKeyDays must be a number of days > 0 and at most vendorKeyMaxDays (${vendorKeyMaxDays}), got ${String(vendorKeyDays)}`,
    );
  }
  return {
    holdingPeriodDays,
    minimumPayout,
    payoutAdapter: options.payoutAdapter ?? manualPayoutAdapter(),
    vendorKeyDays,
    vendorKeyMaxDays,
  };
}
