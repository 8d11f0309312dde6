import type { PaymentAdapter } from "./payment-adapter.js";

/**
 * Payments settled outside any gateway (cash, bank transfer, a card terminal at a point of sale): the
 * intent stays `pending` until staff confirm the order. Nothing is called, so every operation answers
 * at once; a refund is paid back by hand and recorded as done. No webhooks.
 */
export function manualAdapter(options: { id?: string } = {}): PaymentAdapter {
  return {
    id: options.id ?? "manual",
    createIntent: async (input) => ({
      providerReference: `manual_${input.orderId}`,
      status: "pending",
      clientSecret: null,
    }),
    capture: async (input) => ({ providerReference: input.providerReference, status: "succeeded" }),
    refund: async (input) => ({ providerReference: input.providerReference, status: "refunded" }),
  };
}
