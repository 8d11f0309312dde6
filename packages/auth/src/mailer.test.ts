import type { Mailer as CoreMailer, MailMessage as CoreMailMessage } from "@unified-commerce/core";
import { expect, it } from "vitest";
import type { Mailer } from "./mailer.js";

it("takes core's Mailer as its own, so one adapter sends a store's invoices and its sign-in mails", async () => {
  const sent: CoreMailMessage[] = [];
  const shared: CoreMailer = { send: async (message) => void sent.push(message) };
  // The assignment is the check: it compiles only while auth's messages fit core's.
  const mailer: Mailer = shared;
  await mailer.send({
    to: "owner@example.com",
    subject: "Reset your password",
    text: "Follow the link",
    kind: "reset-password",
    url: "https://shop.example/reset",
  });
  expect(sent).toEqual([
    expect.objectContaining({ to: "owner@example.com", subject: "Reset your password", kind: "reset-password" }),
  ]);
});
