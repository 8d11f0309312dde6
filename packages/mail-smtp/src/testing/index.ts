export { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from "./smtp-test-server.js";
