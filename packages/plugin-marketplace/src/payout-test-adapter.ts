import type { PayoutAdapter } from "./payout-adapter.js";

/** A payout adapter for tests: records each call, and refuses while `isFailing` is set. */
export function recordingPayoutAdapter(): PayoutAdapter & { calls: string[]; isFailing: boolean } {
  const adapter = {
    id: "recording",
    calls: [] as string[],
    isFailing: false,
    async pay({ payoutId }: { payoutId: string }) {
      adapter.calls.push(payoutId);
      if (adapter.isFailing) throw new Error("bank unreachable");
      return { reference: `ref-${payoutId}` };
    },
  };
  return adapter;
}
