import type { PaymentAdapter } from "./payment-adapter.js";

/** Payment providers: `config.payments`. */
export interface PaymentsConfig {
  /**
   * The adapters checkout and the webhook receiver may use, by their `id`; two with one id fail boot.
   * Listing adapters replaces the default, so keep `manualAdapter()` in the list to keep manual payments.
   * @default [manualAdapter()]
   */
  adapters?: readonly PaymentAdapter[];
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    payments?: PaymentsConfig;
  }
}
