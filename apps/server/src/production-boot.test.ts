import { randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpTestServer, type SmtpTestServer } from "@unified-commerce/mail-smtp/testing";
import { processDatabase, type ProcessDatabase } from "./testing/process-database.js";
import { spawnProcess, type SpawnedProcess } from "./testing/spawn-process.js";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const secretKey = randomBytes(32).toString("base64");

/** What production needs, all given: each refusal test takes one away. */
const production = {
  NODE_ENV: "production",
  UC_SECRET_KEY: secretKey,
  PUBLIC_URL: "https://shop.example",
  SMTP_URL: "smtp://store:mail-secret@127.0.0.1:2525",
  MAIL_FROM: "Shop <shop@example.com>",
};

/**
 * Boots the reference server's configuration under `env` in a fresh process (the configuration reads
 * the environment when its module loads, and test files share modules) and answers what it printed.
 */
function bootWith(env: Record<string, string | undefined>): Promise<{ code: number; output: string }> {
  const script = `
    const { buildServer } = await import("./src/build-server.ts");
    try {
      const { default: config } = await import("./commerce.config.ts");
      const app = await buildServer({ ...config, logLevel: "silent" });
      await app.close();
      console.log("booted");
    } catch (error) {
      console.log("refused: " + error.message);
    }`;
  const defined = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--conditions=source", "--import", "tsx", "--input-type=module", "-e", script],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? "", ...defined } },
      (error, stdout, stderr) =>
        resolve({ code: typeof error?.code === "number" ? error.code : 0, output: `${stdout}${stderr}`.trim() }),
    );
  });
}

/** The one line a refused boot printed. */
async function refusal(env: Record<string, string | undefined>): Promise<string> {
  const { output } = await bootWith(env);
  expect(output).toMatch(/^refused: [^\n]+$/);
  return output.slice("refused: ".length);
}

// Issue 31: production booted with reset links going to the log, cookies without Secure and a per-process
// secret key. Each now stops the boot with one line naming the variable to set.
describe("the reference server refuses to boot in production without", () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await processDatabase("prodboot");
  });
  afterAll(() => database.remove());

  it("a mailer: SMTP_URL, or MAIL_LOG_IN_PRODUCTION=true", async () => {
    const message = await refusal({ ...database.env, ...production, SMTP_URL: undefined, MAIL_FROM: undefined });
    expect(message).toContain("set SMTP_URL and MAIL_FROM");
    expect(message).toContain("MAIL_LOG_IN_PRODUCTION=true");
  }, 120_000);

  it("the sender MAIL_FROM when SMTP_URL is set", async () => {
    expect(await refusal({ ...database.env, ...production, MAIL_FROM: undefined })).toContain(
      "MAIL_FROM must be set with SMTP_URL",
    );
  }, 120_000);

  it("an https PUBLIC_URL, or INSECURE_COOKIES=true", async () => {
    const message = await refusal({ ...database.env, ...production, PUBLIC_URL: "http://shop.example" });
    expect(message).toContain("set PUBLIC_URL to the store's https:// address");
    expect(message).toContain("INSECURE_COOKIES=true");
  }, 120_000);

  it("UC_SECRET_KEY", async () => {
    expect(await refusal({ ...database.env, ...production, UC_SECRET_KEY: undefined })).toContain("set UC_SECRET_KEY");
  }, 120_000);
});

describe("a refused production boot of the real entry points", () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await processDatabase("prodexit");
  });
  afterAll(() => database.remove());

  it.each(["src/main.ts", "src/worker.ts"])(
    "%s exits 1 with one line naming the variable, no stack trace",
    async (entry) => {
      const env = { ...database.env, ...production, PORT: "0", WORKER_HEALTH_PORT: "0" };
      const { UC_SECRET_KEY: _omitted, ...withoutKey } = env;
      const refused = spawnProcess(entry, withoutKey);
      expect(await refused.exited).toBe(1);
      const lines = refused.stderr().trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^boot failed: .*set UC_SECRET_KEY/);
    },
    120_000,
  );
});

/** The running server's base URL, from its "Server listening" log line. */
async function listening(server: SpawnedProcess): Promise<string> {
  const line = await server.waitForLog(
    (entry) => typeof entry.msg === "string" && entry.msg.startsWith("Server listening at http://127.0.0.1"),
  );
  return String(line.msg).replace("Server listening at ", "");
}

async function post(
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

const shopper = { email: "shopper@example.com", password: "correct horse battery", name: "Shopper" };

describe("password reset from the production server", () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await processDatabase("prodmail");
  });
  afterAll(() => database.remove());

  it("delivers the reset link over SMTP (SMTP_URL, MAIL_FROM) to a real SMTP server, and the link resets the password", async () => {
    const smtp: SmtpTestServer = await startSmtpTestServer();
    const server = spawnProcess("src/main.ts", {
      ...database.env,
      ...production,
      SMTP_URL: smtp.url,
      PORT: "0",
      RATE_LIMIT_MAX: "10000",
      JOBS_RUN_TOKEN: "cron-operator-token",
    });
    try {
      const base = await listening(server);
      expect((await post(base, "/api/auth/sign-up/email", shopper)).status).toBe(200);
      expect((await post(base, "/api/auth/request-password-reset", { email: shopper.email })).status).toBe(200);

      const mail = await smtp.nextMail();
      expect(mail).toMatchObject({ from: "shop@example.com", to: [shopper.email], user: "store" });
      const link = /https:\/\/shop\.example\/reset-password\?token=(\S+)/.exec(mail.text);
      expect(link).not.toBeNull();
      const token = decodeURIComponent(link?.[1] ?? "");
      expect(
        (await post(base, "/api/auth/reset-password", { token, newPassword: "a brand new passphrase" })).status,
      ).toBe(200);
      expect(
        (await post(base, "/api/auth/sign-in/email", { email: shopper.email, password: "a brand new passphrase" }))
          .status,
      ).toBe(200);
      // Nothing of the link reached the log.
      expect(JSON.stringify(server.logs)).not.toContain(token);

      // The cron route: the operator token runs jobs; nothing else does in production.
      expect((await fetch(`${base}/api/jobs/run`)).status).toBe(401);
      expect((await fetch(`${base}/api/jobs/run`, { headers: { "x-jobs-token": "cron-operator-token" } })).status).toBe(
        200,
      );
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      await smtp.close();
    }
  }, 240_000);

  it("with MAIL_LOG_IN_PRODUCTION=true, logs that a reset mail was due and never its link or token", async () => {
    // The explicit opt-outs boot production without SMTP and without HTTPS.
    const optedOut = {
      ...database.env,
      ...production,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
      PUBLIC_URL: undefined,
      MAIL_LOG_IN_PRODUCTION: "true",
      INSECURE_COOKIES: "true",
    };
    const env = Object.fromEntries(
      Object.entries(optedOut).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const server = spawnProcess("src/main.ts", { ...env, PORT: "0", RATE_LIMIT_MAX: "10000" });
    try {
      const base = await listening(server);
      expect((await post(base, "/api/auth/request-password-reset", { email: shopper.email })).status).toBe(200);
      const line = await server.waitForLog(
        (entry) => typeof entry.msg === "string" && entry.msg.startsWith("mail not sent"),
      );
      expect(line.mail).toEqual({
        to: shopper.email,
        subject: "Reset your password",
        kind: "reset-password",
        hasLink: true,
      });
      const logs = JSON.stringify(server.logs);
      expect(logs).not.toContain("reset-password?");
      expect(logs).not.toContain("token=");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 240_000);
});
