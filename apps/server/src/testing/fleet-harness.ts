import { spawn, execFile, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request } from "node:http";
import { connect as createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { spawnProcess, type SpawnedProcess } from "./spawn-process.js";

// The infrastructure of the fleet harness, all on loopback and random free ports: a PostgreSQL cluster
// of its own (never the machine's shared one, which the harness restarts), Redis, an S3 server, and the
// real API and worker processes started as `pnpm start` and `pnpm worker` start them.
const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));
export const PG_BIN = process.env.FLEET_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const PG_USER = "postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true (or throws after `timeoutMs`). */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The parsed JSON body, or null. */
  json: { data?: unknown; error?: { code?: string } } & Record<string, unknown>;
}

export interface SendOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body (multipart); `body` is sent as JSON otherwise. */
  raw?: Buffer;
}

/**
 * One request on a fresh connection (no keep-alive pool), so a request cut by a closing process shows as
 * an error of that request and a refused connection as ECONNREFUSED before anything was sent.
 */
export function send(base: string, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const payload = options.raw ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
  const headers: Record<string, string> = {
    ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  if (payload) headers["content-length"] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        let json = {} as Answer["json"];
        try {
          json = JSON.parse(body) as Answer["json"];
        } catch {
          // Not JSON.
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** A PostgreSQL cluster in a temporary directory, owned and run by the `postgres` OS user. */
export interface PgCluster {
  url: string;
  port: number;
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** `pg_dump` of the database, as text. */
  dump(): Promise<string>;
}

const asPostgres = (binary: string, args: string[], options: { maxBuffer?: number } = {}) =>
  run("runuser", ["-u", PG_USER, "--", join(PG_BIN, binary), ...args], {
    maxBuffer: options.maxBuffer ?? 10 * 1024 * 1024,
  });

export function hasPgBinaries(): boolean {
  return existsSync(join(PG_BIN, "initdb")) && existsSync(join(PG_BIN, "pg_ctl"));
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), "uc-fleet-pg-"));
  const { stdout: uid } = await run("id", ["-u", PG_USER]);
  const { stdout: gid } = await run("id", ["-g", PG_USER]);
  chownSync(dir, Number(uid.trim()), Number(gid.trim()));
  const data = join(dir, "data");
  const port = await freePort();
  await asPostgres("initdb", ["-D", data, "-U", PG_USER, "--auth=trust", "-E", "UTF8", "--no-sync"]);
  // fsync off: the harness measures the processes, not this machine's disk; a crash here loses a temp dir.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) =>
    asPostgres("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", ...args]);
  await ctl("-o", options, "start");
  return {
    url: `postgres://${PG_USER}@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => {
      await ctl("-m", "fast", "-o", options, "restart");
    },
    stop: async () => {
      await ctl("-m", "immediate", "stop").catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
    dump: async () =>
      (
        await asPostgres("pg_dump", ["-h", "127.0.0.1", "-p", String(port), "-U", PG_USER, "postgres"], {
          maxBuffer: 512 * 1024 * 1024,
        })
      ).stdout,
  };
}

/** A plain child process (Redis, s3rver) stopped with the harness. */
export interface Service {
  url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  await until(
    "redis",
    () =>
      new Promise<boolean>((resolve) => {
        const socket = createConnectionTo(port);
        socket.once("connect", () => {
          socket.end();
          resolve(true);
        });
        socket.once("error", () => resolve(false));
      }),
    20_000,
  );
  return { url, stop: () => stopChild(child) };
}

const createConnectionTo = (port: number) => createConnection({ port, host: "127.0.0.1" });

/** s3rver as its own process (its CLI, from packages/media-s3's development dependencies), one bucket. */
export async function startS3(bucket: string): Promise<Service> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "uc-fleet-s3-"));
  const bin = join(repoRoot, "packages/media-s3/node_modules/.bin/s3rver");
  const child = spawn(
    bin,
    ["-d", dir, "-a", "127.0.0.1", "-p", String(port), "--silent", "--configure-bucket", bucket],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  await until("s3rver", async () => (await send(url, "GET", "/")).status > 0, 30_000);
  return {
    url,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An API process (`src/main.ts`) on a fixed port. */
export interface ApiProcess {
  name: string;
  base: string;
  process: SpawnedProcess;
}

export async function startApi(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawnProcess("src/main.ts", { ...env, PORT: String(port) });
  await child.waitForLog((line) => typeof line.msg === "string" && line.msg.startsWith("Server listening at"), 180_000);
  return { name, base: `http://127.0.0.1:${port}`, process: child };
}

export interface WorkerProcess {
  process: SpawnedProcess;
  healthBase: string;
}

export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const port = await freePort();
  const child = spawnProcess("src/worker.ts", { ...env, WORKER_HEALTH_PORT: String(port) });
  await child.waitForLog((line) => line.msg === "worker started", 180_000);
  return { process: child, healthBase: `http://127.0.0.1:${port}` };
}
