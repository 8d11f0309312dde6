import { manualAdapter } from "./manual-adapter.js";
import type { PaymentAdapter } from "./payment-adapter.js";

/** The configured adapters by provider id, and how a checkout's `paymentMethodId` names one. */
export interface PaymentRegistry {
  get(provider: string): PaymentAdapter | undefined;
  has(provider: string): boolean;
  /**
   * The provider a payment method id belongs to: the part before the first `:` or `_` when it names a
   * registered adapter (`card:pm_123`, `manual:cash`, `manual_cash`), else the whole id when it names one
   * (`manual`, `card`); null otherwise.
   */
  providerOf(paymentMethodId: string): string | null;
  /**
   * What the provider is handed as the payment method: the rest after `<provider>:` or `<provider>_`
   * (`card:pm_123` → `pm_123`), empty for a bare provider id (the customer completes the payment with
   * the provider, a card form's client secret say).
   */
  methodOf(paymentMethodId: string): string;
  ids(): string[];
}

/** Builds the registry from `payments.adapters`; a provider id listed twice fails boot. */
export function createPaymentRegistry(adapters: readonly PaymentAdapter[] = [manualAdapter()]): PaymentRegistry {
  const byId = new Map<string, PaymentAdapter>();
  for (const adapter of adapters) {
    if (!adapter.id) throw new Error("payments.adapters: an adapter has no id");
    if (byId.has(adapter.id)) throw new Error(`payments.adapters: provider id "${adapter.id}" is listed twice`);
    byId.set(adapter.id, adapter);
  }
  const prefixOf = (paymentMethodId: string): string | null => {
    const match = /[:_]/.exec(paymentMethodId);
    const prefix = match ? paymentMethodId.slice(0, match.index) : null;
    return prefix !== null && byId.has(prefix) ? prefix : null;
  };
  return {
    get: (provider) => byId.get(provider),
    has: (provider) => byId.has(provider),
    providerOf: (paymentMethodId) => prefixOf(paymentMethodId) ?? (byId.has(paymentMethodId) ? paymentMethodId : null),
    methodOf(paymentMethodId) {
      const prefix = prefixOf(paymentMethodId);
      return prefix === null
        ? byId.has(paymentMethodId)
          ? ""
          : paymentMethodId
        : paymentMethodId.slice(prefix.length + 1);
    },
    ids: () => [...byId.keys()],
  };
}
