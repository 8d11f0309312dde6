import type { Logger } from "../../kernel/contexts.js";

/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One outgoing message from core (invoices). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/**
 * Sends mail: implement it over a provider (SMTP, an HTTP API). It is shaped so that one adapter serves
 * core and the auth package alike: auth's messages are core's plus a `kind` and a `url`, so an object
 * whose `send` takes core's `MailMessage` is also an auth `Mailer` (see the modules README, Invoices).
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The default mailer: logs the recipient, the subject and each attachment's name and size at `info`,
 * never the content. Good for development; configure `mail.mailer` to reach customers.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send({ to, subject, attachments = [] }) {
      logger.info(
        {
          mail: {
            to,
            subject,
            attachments: attachments.map(({ filename, content }) => ({ filename, bytes: content.byteLength })),
          },
        },
        `mail: ${subject}`,
      );
    },
  };
}
