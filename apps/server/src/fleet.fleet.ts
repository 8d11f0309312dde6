import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKernel, type CommerceConfig } from "@unified-commerce/core";
import "@unified-commerce/auth";
import {
  PG_BIN,
  hasPgBinaries,
  send,
  sleep,
  startApi,
  startPgCluster,
  startRedis,
  startS3,
  startWorker,
  until,
  type Answer,
  type ApiProcess,
  type PgCluster,
  type Service,
  type WorkerProcess,
} from "./testing/fleet-harness.js";

// The fleet harness (`pnpm test:fleet`): two API processes, one worker process, a PostgreSQL cluster of
// its own, Redis and an S3 server, all on loopback, and the eight points of issue 21. Not part of
// `pnpm test`: it takes minutes and restarts its database. Figures go to bench/results/fleet.json.
const RATE_MAX = 40;
const STOCK = 10;
const CHECKOUTS = 200;
const JOBS = 1000;
// The auth plugin's default credential cache lifetime (DEFAULT_CREDENTIAL_CACHE_SECONDS in
// packages/auth/src/credential-cache.ts; the reference server keeps the default): another process sees a
// revocation within it.
const DEFAULT_CREDENTIAL_CACHE_SECONDS = 2;
const resultsPath = fileURLToPath(new URL("../../../bench/results/fleet.json", import.meta.url));

const figures: Record<string, unknown> = {};
let cluster: PgCluster | undefined;
let redis: Service | undefined;
let s3: Service | undefined;
let a: ApiProcess | undefined;
let b: ApiProcess | undefined;
let worker: WorkerProcess | undefined;
let env: Record<string, string> = {};
let adminKey = "";
let dataDir = "";
let admin: pg.Client | undefined;
/** Plain secrets created through the API, looked for in the dump (point 8). */
const secrets: Record<string, string[]> = {
  session: [],
  apiKey: [],
  cartToken: [],
  webhookSecret: [],
  channelCredential: [],
};

// Each client its own address (the processes trust X-Forwarded-For, as behind a load balancer), so the
// per-address rate limit only bites where a test means it to.
let clientCount = 0;
const nextIp = () => {
  clientCount += 1;
  return `10.${(clientCount >> 16) & 255}.${(clientCount >> 8) & 255}.${clientCount & 255}`;
};

function call(
  target: ApiProcess,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string>; ip?: string; raw?: Buffer } = {},
): Promise<Answer> {
  return send(target.base, method, `/api${path}`, {
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.raw ? { raw: options.raw } : {}),
    headers: {
      "x-forwarded-for": options.ip ?? nextIp(),
      ...(options.key ? { "x-api-key": options.key } : {}),
      ...options.headers,
    },
  });
}

function expectStatus(answer: Answer, status: number): Answer {
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.body.slice(0, 500)}`);
  return answer;
}

const dataOf = <T>(answer: Answer) => answer.json.data as T;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  if (!admin) throw new Error("no database client");
  return (await admin.query<T>(text, values)).rows;
}

/** A fresh client after the harness restarted PostgreSQL. */
async function reconnect(): Promise<void> {
  await admin?.end().catch(() => undefined);
  admin = new pg.Client({ connectionString: cluster?.url });
  // A restart of the harness's PostgreSQL ends this connection: the test reconnects, so no crash.
  admin.on("error", () => undefined);
  await admin.connect();
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as T, index);
      }
    }),
  );
  return results;
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

// The harness runs a PostgreSQL cluster of its own as the `postgres` user: it needs the server binaries and root.
const isRoot = process.getuid?.() === 0;
if (!hasPgBinaries() || !isRoot) {
  console.warn(
    `\n!!! FLEET HARNESS SKIPPED: ${isRoot ? "no initdb/pg_ctl" : "not root (the cluster runs as the postgres user)"} in ${PG_BIN} (FLEET_PG_BIN). Nothing was measured. !!!\n`,
  );
}

describe.skipIf(!hasPgBinaries() || !isRoot)(
  "a fleet: two API processes, a worker, PostgreSQL, Redis and S3 on loopback",
  () => {
    let entityId = "";
    let warehouseId = "";
    let storefrontKey = "";

    beforeAll(async () => {
      const started = Date.now();
      [cluster, redis, s3] = await Promise.all([startPgCluster(), startRedis(), startS3("media")]);
      dataDir = mkdtempSync(join(tmpdir(), "uc-fleet-data-"));
      env = {
        COMMERCE_CONFIG: "src/testing/fleet.config.ts",
        DATABASE_URL: cluster.url,
        DATABASE_POOL_SIZE: "10",
        DATA_DIR: dataDir,
        UC_SECRET_KEY: randomBytes(32).toString("base64"),
        REDIS_URL: redis.url,
        RATE_LIMIT_MAX: String(RATE_MAX),
        RATE_LIMIT_WINDOW_MS: "60000",
        TRUST_PROXY: "true",
        S3_BUCKET: "media",
        S3_ENDPOINT: s3.url,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
        JOBS_AUTORUN: "false",
        JOBS_CONCURRENCY: "10",
        OUTBOUND_ALLOW_PRIVATE_TARGETS: "true",
        SHUTDOWN_GRACE_MS: "15000",
        SHUTDOWN_DRAIN_DELAY_MS: "1000",
        FLEET_LEASE_MS: "3000",
        FLEET_EFFECT_MS: "50",
        METRICS_PATH: "off",
      };
      // The schema and the operator's first admin key, as `uc migrate` and `uc api-key create` make them,
      // before any process starts (so two API processes do not race to migrate a fresh database).
      Object.assign(process.env, env);
      const { default: config } = (await import("./testing/fleet.config.js")) as { default: CommerceConfig };
      const kernel = await createKernel({
        ...config,
        logLevel: "silent",
        jobs: { ...config.jobs, autorun: { enabled: false } },
      });
      try {
        adminKey = (
          await kernel.services.apiKeys.create({ organizationId: "default", scope: "admin", name: "fleet operator" })
        ).key;
      } finally {
        await kernel.close();
      }
      secrets.apiKey?.push(adminKey);
      await reconnect();
      await query(`create table fleet_attempts (key text not null, job_id uuid not null, attempt int not null, at timestamptz not null default clock_timestamp());
      create table fleet_applied (key text primary key);
      create table fleet_effects (key text not null, job_id uuid not null, at timestamptz not null default clock_timestamp())`);

      [a, b, worker] = await Promise.all([startApi("A", env), startApi("B", env), startWorker(env)]);
      figures.startupMs = Date.now() - started;

      // The store: currency, a product with STOCK units, a storefront key (README "A first sale").
      expectStatus(await call(a, "PATCH", "/settings/general", { key: adminKey, body: { currency: "EUR" } }), 200);
      entityId = dataOf<{ id: string }>(
        expectStatus(
          await call(a, "POST", "/catalog/entities", {
            key: adminKey,
            body: { type: "product", slug: "mug", status: "active", attributes: { en: { title: "Mug" } } },
          }),
          201,
        ),
      ).id;
      expectStatus(
        await call(b, "POST", "/pricing/prices", { key: adminKey, body: { entityId, currency: "EUR", amount: 1200 } }),
        201,
      );
      warehouseId = dataOf<{ id: string }>(
        expectStatus(
          await call(a, "POST", "/inventory/warehouses", { key: adminKey, body: { name: "Main", code: "main" } }),
          201,
        ),
      ).id;
      expectStatus(
        await call(b, "POST", "/inventory/adjust", {
          key: adminKey,
          body: { entityId, warehouseId, type: "restock", quantity: STOCK },
        }),
        200,
      );
      storefrontKey = dataOf<{ key: string }>(
        expectStatus(
          await call(a, "POST", "/auth/api-keys", { key: adminKey, body: { scope: "storefront", name: "web shop" } }),
          201,
        ),
      ).key;
      secrets.apiKey?.push(storefrontKey);
    }, 600_000);

    afterAll(async () => {
      const stops = [a, b].map(async (api) => {
        if (!api || api.process.child.exitCode !== null) return;
        api.process.child.kill("SIGKILL");
        await api.process.exited;
      });
      if (worker && worker.process.child.exitCode === null) {
        worker.process.child.kill("SIGKILL");
        stops.push(worker.process.exited.then(() => undefined));
      }
      await Promise.all(stops);
      await admin?.end().catch(() => undefined);
      await Promise.all([cluster?.stop(), redis?.stop(), s3?.stop()]);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await writeFile(resultsPath, `${JSON.stringify(figures, null, 2)}\n`);
      console.log("fleet figures", JSON.stringify(figures, null, 2));
    }, 120_000);

    it("1. 200 concurrent checkouts for 10 units over both API processes: exactly 10 orders, none oversold", async () => {
      if (!a || !b) throw new Error("no fleet");
      const apis = [a, b];
      // Each shopper's cart, made through one process or the other; the checkout goes through the other one.
      const carts = await mapLimit(
        Array.from({ length: CHECKOUTS }, (_, i) => i),
        20,
        async (i) => {
          const api = apis[i % 2] as ApiProcess;
          const ip = nextIp();
          const cart = dataOf<{ id: string; cartToken: string }>(
            expectStatus(await call(api, "POST", "/carts", { key: storefrontKey, ip, body: { currency: "EUR" } }), 201),
          );
          expectStatus(
            await call(api, "POST", `/carts/${cart.id}/items`, {
              key: storefrontKey,
              ip,
              headers: { "x-cart-token": cart.cartToken },
              body: { entityId, quantity: 1 },
            }),
            200,
          );
          return { ...cart, ip };
        },
      );
      secrets.cartToken?.push(...carts.slice(0, 20).map((cart) => cart.cartToken));
      const logsBefore = [a.process.logs.length, b.process.logs.length];
      const started = Date.now();
      const answers = await Promise.all(
        carts.map((cart, i) =>
          call(apis[(i + 1) % 2] as ApiProcess, "POST", "/checkout", {
            key: storefrontKey,
            ip: cart.ip,
            headers: { "x-cart-token": cart.cartToken, "idempotency-key": randomBytes(16).toString("hex") },
            body: { cartId: cart.id, paymentMethodId: "manual", currency: "EUR" },
          }),
        ),
      );
      const byStatus: Record<string, number> = {};
      for (const answer of answers) {
        const label = `${answer.status}${answer.json.error?.code ? ` ${answer.json.error.code}` : ""}`;
        byStatus[label] = (byStatus[label] ?? 0) + 1;
      }
      const [orders] = await query<{ count: string }>("select count(*) from orders");
      const [stock] = await query<{ on_hand: number; reserved: number }>(
        "select on_hand, reserved from inventory_levels where entity_id = $1",
        [entityId],
      );
      // What the processes logged for their 5xx answers, by message.
      const serverErrors: Record<string, number> = {};
      apis.forEach((api, i) => {
        for (const line of api.process.logs.slice(logsBefore[i])) {
          if (typeof line.level !== "number" || line.level < 50) continue;
          const message = String((line.err as { message?: string } | undefined)?.message ?? line.msg).slice(0, 120);
          serverErrors[message] = (serverErrors[message] ?? 0) + 1;
        }
      });
      figures.checkouts = {
        requests: CHECKOUTS,
        units: STOCK,
        ms: Date.now() - started,
        answers: byStatus,
        serverErrors,
        orders: Number(orders?.count),
        stock,
      };
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(STOCK);
      // Every refusal says why: out of stock (422), or the database pool's wait for a connection ran out
      // (DATABASE_POOL_SIZE per process against 100 concurrent checkouts each; measured in fleet.md): a
      // retryable 503 with Retry-After.
      const unexplained = Object.keys(serverErrors).filter(
        (message) => !/timeout exceeded when trying to connect/i.test(message),
      );
      expect(unexplained).toEqual([]);
      expect(
        Object.keys(byStatus).filter(
          (label) => !["201", "422 CHECKOUT_FAILED", "503 SERVICE_UNAVAILABLE"].includes(label),
        ),
      ).toEqual([]);
      expect(Number(orders?.count)).toBe(STOCK);
      const [sold] = await query<{ units: string }>("select coalesce(sum(quantity), 0) as units from order_lines");
      expect(Number(sold?.units)).toBe(STOCK);
    }, 300_000);

    it("2. the rate limit is shared: one address gets at most the limit over both processes in one window", async () => {
      if (!a || !b) throw new Error("no fleet");
      const ip = nextIp();
      const answers = await Promise.all(
        Array.from({ length: RATE_MAX * 2 }, (_, i) => call(i % 2 === 0 ? a! : b!, "GET", "/health", { ip })),
      );
      const allowed = answers.filter((answer) => answer.status === 200).length;
      const limited = answers.filter((answer) => answer.status === 429).length;
      figures.rateLimit = { max: RATE_MAX, windowMs: 60_000, sent: RATE_MAX * 2, allowed, limited };
      expect(allowed).toBe(RATE_MAX);
      expect(limited).toBe(RATE_MAX);
    }, 120_000);

    it("3. a key revoked through process A is refused by process B within the credential cache time", async () => {
      if (!a || !b) throw new Error("no fleet");
      const created = dataOf<{ id: string; key: string }>(
        expectStatus(
          await call(a, "POST", "/auth/api-keys", { key: adminKey, body: { scope: "storefront", name: "to revoke" } }),
          201,
        ),
      );
      secrets.apiKey?.push(created.key);
      // B validates it once: now it is in B's cache.
      expectStatus(await call(b, "GET", "/catalog/entities", { key: created.key }), 200);
      expectStatus(await call(a, "DELETE", `/auth/api-keys/${created.id}`, { key: adminKey }), 200);
      const revokedAt = Date.now();
      expectStatus(await call(a, "GET", "/catalog/entities", { key: created.key }), 401);
      let refusedAfterMs = -1;
      for (;;) {
        const answer = await call(b, "GET", "/catalog/entities", { key: created.key });
        if (answer.status === 401) {
          refusedAfterMs = Date.now() - revokedAt;
          break;
        }
        expect(answer.status).toBe(200);
        if (Date.now() - revokedAt > DEFAULT_CREDENTIAL_CACHE_SECONDS * 1000 + 5000) break;
        await sleep(100);
      }
      figures.revocation = {
        cacheSeconds: DEFAULT_CREDENTIAL_CACHE_SECONDS,
        refusedByOtherProcessAfterMs: refusedAfterMs,
      };
      expect(refusedAfterMs).toBeGreaterThanOrEqual(0);
      // The bound is the cache lifetime plus one poll round trip on a loaded machine.
      expect(refusedAfterMs).toBeLessThanOrEqual(DEFAULT_CREDENTIAL_CACHE_SECONDS * 1000 + 1000);
    }, 60_000);

    it("6. an upload through process A is served through process B by a signed URL", async () => {
      if (!a || !b) throw new Error("no fleet");
      const boundary = `fleet${randomBytes(8).toString("hex")}`;
      const raw = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="pixel.png"\r\ncontent-type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const asset = dataOf<{ id: string }>(
        expectStatus(
          await call(a, "POST", "/media/upload", {
            key: adminKey,
            raw,
            headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          }),
          201,
        ),
      );
      const located = expectStatus(await call(b, "GET", `/media/${asset.id}?signed=true`, { key: adminKey }), 302);
      const url = String(located.headers.location);
      const target = new URL(url);
      expect(target.origin).toBe(s3?.url);
      const file = await fetch(url);
      const bytes = Buffer.from(await file.arrayBuffer());
      figures.media = {
        uploadedThrough: "A",
        signedUrlFrom: "B",
        servedBy: "S3 (s3rver)",
        status: file.status,
        bytes: bytes.length,
      };
      expect(file.status).toBe(200);
      expect(bytes.equals(PNG)).toBe(true);
    }, 60_000);

    it("5. a webhook receiver down for a while, then back: every event delivered, ids stable, retried as documented", async () => {
      if (!a || !b) throw new Error("no fleet");
      const seen: { webhookId: string; status: number; at: number }[] = [];
      let isUp = false;
      const receiver: Server = createServer((request, response) => {
        request.resume();
        request.on("end", () => {
          const status = isUp ? 200 : 503;
          seen.push({ webhookId: String(request.headers["webhook-id"]), status, at: Date.now() });
          response.statusCode = status;
          response.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      const port = (receiver.address() as { port: number }).port;
      try {
        const endpoint = dataOf<{ id: string; secret: string }>(
          expectStatus(
            await call(a, "POST", "/webhooks", {
              key: adminKey,
              body: { url: `http://127.0.0.1:${port}/hook`, events: ["catalog.create"] },
            }),
            201,
          ),
        );
        secrets.webhookSecret?.push(endpoint.secret);
        const events = 10;
        for (let i = 0; i < events; i += 1) {
          expectStatus(
            await call(i % 2 === 0 ? a : b, "POST", "/catalog/entities", {
              key: adminKey,
              body: {
                type: "product",
                slug: `hook-${i}`,
                status: "active",
                attributes: { en: { title: `Hook ${i}` } },
              },
            }),
            201,
          );
        }
        // Down: every delivery fails its first attempt, and its next one waits the documented backoff (45 s).
        await until("first attempts", () => new Set(seen.map((hit) => hit.webhookId)).size === events, 60_000);
        const firstIds = [...new Set(seen.map((hit) => hit.webhookId))];
        await until(
          "retries scheduled",
          async () =>
            (
              await query<{ count: string }>(
                "select count(*) from jobs where task_slug = 'webhooks/deliver' and status = 'pending' and attempts = 1",
              )
            )[0]?.count === String(events),
          30_000,
        );
        // The second attempt's due time against the first attempt the receiver saw, per delivery.
        const due = await query<{ webhook_id: string; due_ms: number }>(
          `select d.webhook_id, extract(epoch from j.wait_until)::float8 * 1000 as due_ms
         from jobs j join webhook_deliveries d on d.id = (j.input->>'deliveryId')::uuid
         where j.task_slug = 'webhooks/deliver' and j.status = 'pending'`,
        );
        const waits = due.map((row) => ({
          seconds: (row.due_ms - (seen.find((hit) => hit.webhookId === row.webhook_id)?.at ?? 0)) / 1000,
        }));
        const deliveries = await query<{ status: string; attempts: number }>(
          "select status, attempts from webhook_deliveries",
        );
        // Back: instead of waiting 45 s, the retries are made due now (what the clock would do).
        isUp = true;
        await query("update jobs set wait_until = now() where task_slug = 'webhooks/deliver' and status = 'pending'");
        await until(
          "every delivery",
          () => new Set(seen.filter((hit) => hit.status === 200).map((hit) => hit.webhookId)).size === events,
          60_000,
        );
        const delivered = seen.filter((hit) => hit.status === 200);
        const after = await query<{ status: string; attempts: number }>(
          "select status, attempts from webhook_deliveries",
        );
        figures.webhooks = {
          events,
          failedFirstAttempts: seen.filter((hit) => hit.status === 503).length,
          retryWaitSeconds: {
            min: Math.min(...waits.map((row) => row.seconds)).toFixed(1),
            max: Math.max(...waits.map((row) => row.seconds)).toFixed(1),
          },
          deliveriesWhileDown: deliveries.map((row) => `${row.status}/${row.attempts}`),
          delivered: delivered.length,
          deliveriesAfter: after.map((row) => `${row.status}/${row.attempts}`),
        };
        expect(new Set(delivered.map((hit) => hit.webhookId))).toEqual(new Set(firstIds));
        expect(delivered).toHaveLength(events);
        expect(after.every((row) => row.status === "succeeded" && row.attempts === 2)).toBe(true);
        // Documented: 45 s before the second attempt (then doubling); the receiver's clock saw the first
        // attempt a little after the worker started it.
        expect(waits).toHaveLength(events);
        for (const row of waits) expect(row.seconds).toBeGreaterThan(40);
      } finally {
        await new Promise<void>((resolve) => receiver.close(() => resolve()));
      }
    }, 180_000);

    it("8. a pg_dump holds no session token, API key, cart token, webhook secret or channel credential in plain text", async () => {
      if (!a || !b || !cluster) throw new Error("no fleet");
      const signUp = expectStatus(
        await call(a, "POST", "/auth/sign-up/email", {
          body: { email: "dump@example.com", password: "a long enough password 1", name: "Dump" },
        }),
        200,
      );
      const token =
        (signUp.json as { token?: string; data?: { token?: string } }).data?.token ??
        (signUp.json as { token?: string }).token;
      if (!token) throw new Error(`no session token: ${signUp.body.slice(0, 300)}`);
      secrets.session?.push(token);
      const channelSecret = `chan_${randomBytes(24).toString("hex")}`;
      expectStatus(
        await call(b, "POST", "/channels", {
          key: adminKey,
          body: {
            name: "Other store",
            adapterId: "rest-store",
            currency: "EUR",
            settings: { baseUrl: "http://127.0.0.1:9" },
            credentials: { apiKey: channelSecret },
          },
        }),
        201,
      );
      secrets.channelCredential?.push(channelSecret);
      const dump = await cluster.dump();
      const found: string[] = [];
      for (const [kind, values] of Object.entries(secrets)) {
        for (const value of values) {
          // The whole value and its secret part: after the dot of `<id>.<secret>` tokens (sessions, API keys;
          // the id is public and stored, to find the row), after the prefix of `whsec_...`.
          const secretPart = value.includes(".")
            ? value.slice(value.lastIndexOf(".") + 1)
            : value.replace(/^whsec_/, "");
          if (dump.includes(value) || dump.includes(secretPart)) found.push(`${kind}: ${value.slice(0, 12)}…`);
        }
      }
      figures.dump = {
        bytes: dump.length,
        looked: Object.fromEntries(Object.entries(secrets).map(([kind, values]) => [kind, values.length])),
        foundInPlainText: found,
      };
      for (const values of Object.values(secrets)) expect(values.length).toBeGreaterThan(0);
      expect(found).toEqual([]);
    }, 120_000);

    it("4. 1,000 jobs while the worker is killed three times and PostgreSQL restarts once: all finish, no effect applied twice", async () => {
      if (!cluster) throw new Error("no fleet");
      const started = Date.now();
      await query(
        `insert into jobs (organization_id, task_slug, input, max_attempts)
       select 'default', 'fleet/effect', jsonb_build_object('key', 'effect-' || g), 10 from generate_series(1, ${JOBS}) as g`,
      );
      const faults: string[] = [];
      const progress = async () =>
        Number((await query<{ count: string }>("select count(*) from fleet_applied"))[0]?.count);
      // As a supervisor (systemd, Kubernetes) would: a worker that exits on its own is started again, and counted.
      const progressBy = async (what: string, step: number) => {
        const before = await progress();
        await until(
          what,
          async () => {
            if (worker && worker.process.child.exitCode !== null) {
              const last = worker.process.logs
                .filter((line) => typeof line.level === "number" && line.level >= 50)
                .at(-1);
              // Its stderr's tail, through the helper's timeout message (it keeps stderr to itself).
              const stderr = await worker.process
                .waitForLog(() => false, 1)
                .then(
                  () => "",
                  (error: unknown) => String((error as Error).message).replace(/^.*?stderr: /s, ""),
                );
              const reason = String(
                (last?.err as { message?: string } | undefined)?.message ??
                  last?.msg ??
                  (stderr
                    .split("\n")
                    .filter((line) => /error/i.test(line))
                    .slice(0, 2)
                    .join(" | ") ||
                    "no error logged"),
              ).slice(0, 300);
              faults.push(`worker exited on its own (code ${worker.process.child.exitCode}: ${reason}); restarted`);
              worker = await startWorker(env);
            }
            return (await progress()) >= before + step;
          },
          180_000,
        );
      };
      // SIGKILL while it holds leased jobs mid-handler, each time once it has made progress; PostgreSQL
      // restarts once under the running worker.
      for (let kill = 1; kill <= 3; kill += 1) {
        await progressBy(`progress before kill ${kill}`, 40);
        worker?.process.child.kill("SIGKILL");
        await worker?.process.exited;
        faults.push(`SIGKILL worker at ${await progress()} effects`);
        worker = await startWorker(env);
        if (kill === 2) {
          await progressBy("progress before the restart", 40);
          const restartStarted = Date.now();
          await cluster.restart();
          await reconnect();
          faults.push(
            `PostgreSQL restarted (fast shutdown, ${Date.now() - restartStarted} ms) at ${await progress()} effects, worker running`,
          );
        }
      }
      await until(
        "every job terminal",
        async () =>
          Number(
            (
              await query<{ count: string }>(
                "select count(*) from jobs where task_slug = 'fleet/effect' and status in ('pending', 'processing')",
              )
            )[0]?.count,
          ) === 0,
        300_000,
        500,
      );
      const statuses = await query<{ status: string; count: string }>(
        "select status, count(*) from jobs where task_slug = 'fleet/effect' group by status",
      );
      const [effects] = await query<{ rows: string; keys: string }>(
        "select count(*) as rows, count(distinct key) as keys from fleet_effects",
      );
      const [reruns] = await query<{ keys: string; attempts: string }>(
        "select count(*) filter (where n > 1) as keys, coalesce(sum(n), 0) as attempts from (select key, count(*) as n from fleet_attempts group by key) as t",
      );
      figures.jobs = {
        jobs: JOBS,
        faults,
        ms: Date.now() - started,
        statuses: Object.fromEntries(statuses.map((row) => [row.status, Number(row.count)])),
        effects: Number(effects?.rows),
        distinctEffects: Number(effects?.keys),
        handlerRuns: Number(reruns?.attempts),
        keysRunMoreThanOnce: Number(reruns?.keys),
      };
      expect(statuses).toEqual([{ status: "succeeded", count: String(JOBS) }]);
      // The worker rides through the database restart (it used to exit on it: create-database.ts).
      expect(faults.filter((fault) => fault.includes("on its own"))).toEqual([]);
      expect(Number(effects?.rows)).toBe(JOBS);
      expect(Number(effects?.keys)).toBe(JOBS);
    }, 600_000);

    it("7. SIGTERM to an API process and to the worker under load: no 5xx, no request cut, no job lost", async () => {
      if (!a || !b) throw new Error("no fleet");
      const jobs = 500;
      await query(
        `insert into jobs (organization_id, task_slug, input, max_attempts)
       select 'default', 'fleet/effect', jsonb_build_object('key', 'term-' || g), 10 from generate_series(1, ${jobs}) as g`,
      );
      const outcomes: Record<string, number> = {};
      const count = (label: string) => (outcomes[label] = (outcomes[label] ?? 0) + 1);
      let isLoading = true;
      const victim = b;
      const survivor = a;
      // A load balancer: it probes each process's readiness every 100 ms and sends requests, in turn, to the
      // ready ones. A process draining on SIGTERM fails readiness for SHUTDOWN_DRAIN_DELAY_MS (1 s) before
      // its listener closes. A refused connection (nothing was sent) is tried on the other process, as
      // balancers do; a reset or a 5xx is what a client would see.
      const ready = new Set<ApiProcess>([victim, survivor]);
      const probe = async () => {
        while (isLoading) {
          for (const target of [victim, survivor]) {
            const answer = await send(target.base, "GET", "/api/health/ready").catch(() => null);
            if (answer?.status === 200) ready.add(target);
            else ready.delete(target);
          }
          await sleep(100);
        }
      };
      const prober = probe();
      const client = async () => {
        let turn = 0;
        while (isLoading) {
          const targets = [victim, survivor].filter((target) => ready.has(target));
          const target = targets[turn++ % Math.max(1, targets.length)] ?? survivor;
          try {
            const answer = await call(target, "GET", `/catalog/entities?limit=5`, { key: storefrontKey });
            count(answer.status >= 500 ? `5xx ${target.name}` : `${answer.status} ${target.name}`);
          } catch (error) {
            const code = (error as { code?: string }).code ?? "error";
            if (code === "ECONNREFUSED" && target === victim) {
              count("refused, sent to A");
              const answer = await call(survivor, "GET", `/catalog/entities?limit=5`, { key: storefrontKey }).catch(
                () => null,
              );
              count(answer ? (answer.status >= 500 ? "5xx A" : `${answer.status}`) : "cut A");
            } else {
              count(`cut ${target.name} ${code}`);
            }
          }
        }
      };
      const load = Array.from({ length: 8 }, () => client());
      await sleep(2000);
      const oldWorker = worker;
      const [pendingAtSigterm] = await query<{ count: string }>(
        "select count(*) from jobs where task_slug = 'fleet/effect' and status in ('pending', 'processing')",
      );
      victim.process.child.kill("SIGTERM");
      oldWorker?.process.child.kill("SIGTERM");
      const [apiExit, workerExit] = await Promise.all([victim.process.exited, oldWorker?.process.exited]);
      await sleep(1000);
      isLoading = false;
      await Promise.all([...load, prober]);
      worker = await startWorker(env);
      await until(
        "the jobs drained",
        async () =>
          Number(
            (
              await query<{ count: string }>(
                "select count(*) from jobs where task_slug = 'fleet/effect' and status in ('pending', 'processing')",
              )
            )[0]?.count,
          ) === 0,
        120_000,
        500,
      );
      const [done] = await query<{ succeeded: string; effects: string }>(
        "select (select count(*) from jobs where task_slug = 'fleet/effect' and input->>'key' like 'term-%' and status = 'succeeded') as succeeded, (select count(*) from fleet_effects where key like 'term-%') as effects",
      );
      figures.sigterm = {
        requests: outcomes,
        apiExitCode: apiExit,
        workerExitCode: workerExit,
        jobs,
        unfinishedAtSigterm: Number(pendingAtSigterm?.count),
        succeeded: Number(done?.succeeded),
        effects: Number(done?.effects),
      };
      expect(Object.keys(outcomes).filter((label) => label.startsWith("5xx") || label.startsWith("cut"))).toEqual([]);
      expect(apiExit).toBe(0);
      expect(workerExit).toBe(0);
      expect(Number(done?.succeeded)).toBe(jobs);
      expect(Number(done?.effects)).toBe(jobs);
    }, 300_000);
  },
);
