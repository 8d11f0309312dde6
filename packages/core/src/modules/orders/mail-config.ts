import type { Mailer } from "./mailer.js";

/** Outgoing mail: `config.mail`. */
export interface MailConfig {
  /**
   * Sends the messages core writes (invoices). The reference server hands the same adapter to the auth
   * plugin's `mailer`, so a store configures its provider once.
   * @default createLogMailer(kernel logger): logs each message with its attachments' sizes
   */
  mailer?: Mailer;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    mail?: MailConfig;
  }
}
