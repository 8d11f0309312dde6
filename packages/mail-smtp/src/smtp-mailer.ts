import { createTransport } from "nodemailer";
import type { Mailer } from "@unified-commerce/plugin-sdk";

/** Where to send and as whom. */
export interface SmtpMailerOptions {
  /**
   * The server: `smtp://user:password@host:587` (upgraded with STARTTLS when the server offers it) or
   * `smtps://user:password@host:465` (TLS from the first byte). Percent-encode reserved characters of
   * the user and password.
   */
  url: string;
  /** The `From` header of every message: `Shop <shop@example.com>`. */
  from: string;
}

/**
 * A mailer over SMTP (nodemailer). It takes core's messages, so one instance sends invoices
 * (`mail.mailer`) and the auth plugin's password-reset and verification mails (`auth({ mailer })`).
 * One connection per message: the store sends few, after answering, so nothing is kept open between them.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const url = parseSmtpUrl(options.url);
  if (options.from.trim() === "") throw new Error("createSmtpMailer: `from` must name the sender");
  const transport = createTransport(url.href);
  return {
    async send({ to, subject, text, attachments = [] }) {
      await transport.sendMail({
        from: options.from,
        to,
        subject,
        text,
        attachments: attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content: Buffer.from(content),
        })),
      });
    },
  };
}

/**
 * The reference server's mailer from the environment: `SMTP_URL` (unset: null, the caller keeps its
 * default) and `MAIL_FROM`, required with it.
 */
export function smtpMailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  const url = env.SMTP_URL;
  if (!url) return null;
  const from = env.MAIL_FROM;
  if (!from)
    throw new Error("MAIL_FROM must be set with SMTP_URL: the sender of the store's mails (Shop <shop@example.com>)");
  return createSmtpMailer({ url, from });
}

/** Checks the URL without ever repeating it in an error: it usually carries a password. */
function parseSmtpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL is not a URL: expected smtp://user:password@host:port or smtps://...");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error("SMTP_URL names no host: expected smtp://user:password@host:port");
  return url;
}
