export { createSmtpMailer, smtpMailerFromEnv, type SmtpMailerOptions } from "./smtp-mailer.js";
