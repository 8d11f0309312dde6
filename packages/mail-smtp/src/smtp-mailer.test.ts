import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer, smtpMailerFromEnv } from "./smtp-mailer.js";
import { startSmtpTestServer, type SmtpTestServer } from "./testing/smtp-test-server.js";

describe("the SMTP mailer (a real smtp-server on loopback)", () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.close());

  it("delivers a message as the configured sender, authenticated with the URL's user and password", async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: "Shop <shop@example.com>" });
    await mailer.send({
      to: "ann@example.com",
      subject: "Reset your password",
      text: "Follow https://shop.example/reset-password?token=abc=def",
    });
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ from: "shop@example.com", to: ["ann@example.com"], user: "store" });
    expect(mail.raw).toMatch(/^Subject: Reset your password$/m);
    expect(mail.text).toContain("https://shop.example/reset-password?token=abc=def");
  });

  it("sends attachments (an invoice's PDF) with their name and type", async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: "shop@example.com" });
    const pdf = Buffer.from("%PDF-1.7 the invoice");
    await mailer.send({
      to: "bob@example.com",
      subject: "Invoice INV-1",
      text: "Attached",
      attachments: [{ filename: "INV-1.pdf", contentType: "application/pdf", content: pdf }],
    });
    const mail = await smtp.nextMail();
    expect(mail.raw).toContain("filename=INV-1.pdf");
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/);
    expect(mail.raw).toContain(pdf.toString("base64"));
  });

  it("rejects the send when the server refuses the credentials", async () => {
    const wrong = smtp.url.replace(":mail-secret@", ":guessed@");
    const before = smtp.received.length;
    await expect(
      createSmtpMailer({ url: wrong, from: "shop@example.com" }).send({ to: "c@example.com", subject: "x", text: "x" }),
    ).rejects.toThrow();
    expect(smtp.received.length).toBe(before);
  });
});

describe("smtpMailerFromEnv", () => {
  it("answers null without SMTP_URL, and needs MAIL_FROM with it", () => {
    expect(smtpMailerFromEnv({})).toBeNull();
    expect(() => smtpMailerFromEnv({ SMTP_URL: "smtp://u:p@127.0.0.1:2525" })).toThrow(
      "MAIL_FROM must be set with SMTP_URL",
    );
    expect(smtpMailerFromEnv({ SMTP_URL: "smtp://u:p@127.0.0.1:2525", MAIL_FROM: "shop@example.com" })).not.toBeNull();
  });

  it("refuses a URL of another scheme without repeating its password", () => {
    for (const url of ["https://user:hunter22@mail.example", "not a url hunter22"]) {
      let message = "";
      try {
        smtpMailerFromEnv({ SMTP_URL: url, MAIL_FROM: "shop@example.com" });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^SMTP_URL /);
      expect(message).not.toContain("hunter22");
    }
  });
});
