import type { Logger } from "@unified-commerce/core";

/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for, so adapters and tests can tell them apart. */
  kind: "reset-password" | "verify-email" | "sign-up-attempt";
  /** The link the message carries, when it carries one. */
  url?: string;
}

/** Sends mail. Implement it over your provider (SMTP, an HTTP API); the default writes to the log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The default mailer: logs the message (link included) at `info`. Good for development and for
 * single-operator stores reading their logs; configure a real one for customers.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info({ mail: { to: message.to, subject: message.subject, kind: message.kind, url: message.url } }, `mail: ${message.subject}`);
    },
  };
}
