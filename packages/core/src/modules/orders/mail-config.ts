import type { InvoiceEmailLimit } from "./invoice-email-requests.js";
import type { Mailer } from "./mailer.js";

/** Outgoing mail: `config.mail`. */
export interface MailConfig {
  /**
   * Sends the messages core writes (invoices). The reference server hands the same adapter to the auth
   * plugin's `mailer`, so a store configures its provider once.
   * @default createLogMailer(kernel logger): logs each message with its attachments' sizes
   */
  mailer?: Mailer;
  /**
   * How often `POST /orders/:id/invoice/email` may be asked for, counted in the database: per order and
   * per caller in a window (429 above). @default { perOrder: 5, perCaller: 30, windowSeconds: 3600 }
   */
  invoiceEmailLimit?: InvoiceEmailLimit;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    mail?: MailConfig;
  }
}
