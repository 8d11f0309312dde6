import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the server received it. */
export interface ReceivedMail {
  /** `MAIL FROM` and `RCPT TO` of the envelope. */
  from: string;
  to: string[];
  /** The user the client authenticated as. */
  user: string | undefined;
  /** The message as sent: headers and MIME body. */
  raw: string;
  /** The message's `text/plain` parts, their transfer encodings (quoted-printable, base64) decoded. */
  text: string;
}

/** A real SMTP server on a random loopback port, for tests. */
export interface SmtpTestServer {
  /** `smtp://user:password@127.0.0.1:<port>`, for `createSmtpMailer` or `SMTP_URL`. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message received (or the first one not yet taken). */
  nextMail(): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server (smtp-server) on 127.0.0.1 that accepts one user and password and keeps every
 * message in memory. Plain text on loopback: STARTTLS is off, so no certificate is involved.
 */
export async function startSmtpTestServer(
  credentials = { user: "store", password: "mail-secret" },
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password)
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === "string" ? session.user : undefined,
          raw,
          text: decodeBodies(raw),
        };
        received.push(mail);
        const waiter = waiting.shift();
        if (waiter) {
          taken++;
          waiter(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`,
    received,
    nextMail: () => {
      const ready = received[taken];
      if (ready) {
        taken++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The message's `text/plain` parts after their headers, each decoded by its `Content-Transfer-Encoding`. */
function decodeBodies(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return "";
      const headers = part.slice(0, split);
      if (!/content-type:\s*text\/plain/i.test(headers)) return "";
      const body = part.slice(split).trim();
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
      if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      if (encoding === "quoted-printable") {
        const joined = body.replace(/=\r?\n/g, "");
        return Buffer.from(
          joined.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8");
      }
      return body;
    })
    .join("\n");
}
