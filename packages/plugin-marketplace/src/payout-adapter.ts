/** What the payout job hands the adapter: one payout, paid at most once per `idempotencyKey`. */
export interface PayoutInput {
  organizationId: string;
  payoutId: string;
  vendorId: string;
  /** The vendor's `payoutReference` (an IBAN, a connected-account id); null when it has none. */
  destination: string | null;
  /** Minor units, positive. */
  amount: number;
  currency: string;
  /**
   * The payout's id. A provider that deduplicates on it makes a retry after a crash (the job ran the call
   * but did not record the answer) harmless; the plugin itself never calls twice for one payout.
   */
  idempotencyKey: string;
}

/** What a successful payout answers. */
export interface PayoutResult {
  /** The provider's reference of the transfer. */
  reference: string;
}

/**
 * Sends money to a vendor. Throw to refuse (the payout becomes `failed` with the message; an
 * administrator retries it with `POST /api/marketplace/payouts/:id/retry`).
 */
export interface PayoutAdapter {
  /** Stored on each payout (`provider`). */
  id: string;
  pay(input: PayoutInput): Promise<PayoutResult>;
}

/**
 * The default adapter: the marketplace pays vendors outside the system (a bank transfer made by hand);
 * the payout is recorded as paid with a `manual:` reference the operator's books can match.
 */
export function manualPayoutAdapter(): PayoutAdapter {
  return { id: "manual", pay: async ({ payoutId }) => ({ reference: `manual:${payoutId}` }) };
}
