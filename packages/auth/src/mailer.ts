import type { Logger } from "@unified-commerce/core";

/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for, so adapters and tests can tell them apart. */
  kind: "reset-password" | "verify-email" | "sign-up-attempt" | "organization-invitation";
  /** The link the message carries, when it carries one. */
  url?: string;
}

/**
 * Sends mail. Implement it over your provider (an HTTP API), or use `createSmtpMailer` of
 * `@unified-commerce/mail-smtp`; the default writes to the log and is refused in production.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The default mailer: logs that a message would have gone out (recipient, subject, kind) at `info`, and
 * never its text or link: a reset or verification link is a credential, and logs are read by more
 * people and systems than the mailbox it was meant for. To follow links in development, point a real
 * mailer at a local SMTP catcher. In production the auth plugin refuses to boot with this mailer unless
 * `allowLogMailerInProduction` is set.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info(
        { mail: { to: message.to, subject: message.subject, kind: message.kind, hasLink: message.url !== undefined } },
        `mail not sent (no mailer configured): ${message.subject}`,
      );
    },
  };
}
