import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { repoRoot, serverDir } from "./paths.js";

/** A member the e2e tests sign in as. */
export interface TestUser {
  email: string;
  password: string;
  role: string;
  /** The organization. @default the configuration's default organization */
  org?: string;
}

/** Options of {@link startReferenceServer}. */
export interface ReferenceServerOptions {
  /** `uc` commands run first, in order (`["org", "create", "--name", "Outlet", "--id", "outlet"]`). */
  setup?: string[][];
  /** Members created before the server starts (after `setup`). */
  users?: TestUser[];
  /** More environment for the server and `uc` (`SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL`…). */
  env?: Record<string, string>;
}

/** The reference server of one test file, on a fresh database. */
export interface ReferenceServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `http://127.0.0.1:<port>/admin/` */
  adminUrl: string;
  /** Creates a member (through `uc user create`; after start only on PostgreSQL). */
  createUser(user: TestUser): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Runs a TypeScript entry as `pnpm start` / `pnpm uc` do (tsx, the workspace's `source` condition). */
function runNode(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--conditions=source", "--import", "tsx", entry, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function output(child: ChildProcess): () => string {
  let text = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => void (text += chunk));
  return () => text.slice(-4000);
}

async function waitForHealth(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health within 2 minutes:\n${log()}`);
}

/**
 * Starts `apps/server` (its real `main.ts` and `commerce.config.ts`) on a free port, on a schema of its
 * own in `TEST_DATABASE_URL` or else an embedded database in a temporary directory. The admin it serves
 * is `apps/admin/dist/spa` (built by the e2e global setup). `users` are created before it starts (the
 * embedded database admits one process at a time).
 */
export async function startReferenceServer({
  setup = [],
  users = [],
  env: extraEnv = {},
}: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const url = process.env.TEST_DATABASE_URL;
  const schema = `e2e_${randomBytes(5).toString("hex")}`;
  const dataDir = await mkdtemp(join(tmpdir(), "uc-admin-e2e-"));
  const env: Record<string, string> = {
    ...(url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir }),
    PORT: String(port),
    HOST: "127.0.0.1",
    RATE_LIMIT_MAX: "100000",
    ...extraEnv,
  };

  let server: ChildProcess | null = null;
  const uc = async (args: string[]): Promise<void> => {
    if (server && !url) throw new Error("with the embedded database, run `uc` before the server starts");
    const cli = runNode(join(repoRoot, "packages/cli/src/bin.ts"), args, env);
    const log = output(cli);
    const code = await new Promise<number | null>((resolve) => cli.once("exit", resolve));
    if (code !== 0) throw new Error(`uc ${args.join(" ")} failed (${code}):\n${log()}`);
  };
  const createUser = (user: TestUser): Promise<void> =>
    uc([
      ...["user", "create", "--email", user.email, "--password", user.password, "--role", user.role],
      ...(user.org ? ["--org", user.org] : []),
    ]);
  for (const command of setup) await uc(command);
  for (const user of users) await createUser(user);

  server = runNode("src/main.ts", [], env);
  const log = output(server);
  const running = server;
  await waitForHealth(origin, running, log);

  return {
    origin,
    adminUrl: `${origin}/admin/`,
    createUser,
    stop: async () => {
      if (running.exitCode === null) {
        const exited = new Promise((resolve) => running.once("exit", resolve));
        running.kill("SIGTERM");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
      if (!url) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
