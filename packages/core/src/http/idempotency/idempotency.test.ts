import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import { definePlugin } from "../../kernel/plugin.js";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  jsonHeaders,
  testAdminActor,
  type TestApp,
} from "../../testing/index.js";
import { router } from "../router.js";

/** Every run of the test route's handler, by note: a replay must not add one. */
const runs: string[] = [];
/** Notes whose next run throws a plain Error (a 500). */
const faultOnce = new Set<string>();

const runsPlugin = definePlugin({
  id: "idempotency-test",
  version: "1.0.0",
  schema: {
    migrations: [
      {
        name: "0001_runs",
        up: async (db) => {
          await db.schema
            .createTable("idempotency_test_runs")
            .addColumn("note", "text", (col) => col.notNull())
            .execute();
        },
      },
    ],
  },
  routes: () =>
    router("Idempotency test", "/idempotency-test")
      .post("/runs", { summary: "Records a run" })
      .input(
        z.object({
          note: z.string().min(1),
          delayMs: z.number().int().min(0).optional(),
          outcome: z.enum(["created", "missing", "conflict", "rate-limited"]).default("created"),
        }),
      )
      .status(201)
      .handler(async ({ input, db, reply }) => {
        runs.push(input.note);
        if (input.delayMs) await sleep(input.delayMs);
        if (faultOnce.delete(input.note)) throw new Error("the handler failed");
        if (input.outcome === "missing") throw AppError.notFound("Thing");
        if (input.outcome === "conflict") throw new AppError("CONFLICT");
        if (input.outcome === "rate-limited") throw new AppError("TOO_MANY_REQUESTS");
        await sql`insert into idempotency_test_runs (note) values (${input.note})`.execute(db);
        reply.header("location", `/api/idempotency-test/runs/${input.note}`);
        return { data: { note: input.note, run: runs.length } };
      })
      .build(),
});

const otherStoreAdmin = createTestActor({ id: "other-admin", permissions: ["*:*"], organizationId: "other-store" });
const otherKeyHolder = createTestActor({ id: "second-key", type: "apiKey", permissions: ["*:*"] });

interface PostOptions {
  key?: string;
  body?: unknown;
  /** null: anonymous. */
  actor?: Actor | null;
  url?: string;
}

const runsOf = (note: string) => runs.filter((run) => run === note).length;

describe("Idempotency-Key on POST routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [runsPlugin] } });
  });
  afterAll(() => t.close());

  const post = async ({ key, body, actor = testAdminActor, url = "/api/idempotency-test/runs" }: PostOptions) => {
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { ...jsonHeaders(actor ?? undefined), ...(key === undefined ? {} : { "idempotency-key": key }) },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, headers: response.headers, text: response.body, body: response.json() };
  };
  const count = async (table: string, where = sql`true`) =>
    (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)} where ${where}`.execute(t.db))
      .rows[0]?.count ?? 0;
  const storedRuns = (note: string) => count("idempotency_test_runs", sql`note = ${note}`);

  it("replays a retried catalog create: one entity, the same status and body, and no new event", async () => {
    const body = { type: "product", slug: "retried-create" };
    const entities = await count("catalog_entities");
    const events = await count("domain_events");
    const first = await post({ key: "create-entity-1", body, url: "/api/catalog/entities" });
    const retry = await post({ key: "create-entity-1", body, url: "/api/catalog/entities" });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(retry.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(await count("catalog_entities")).toBe(entities + 1);
    expect(await count("domain_events")).toBe(events + 1);
  });

  it("replays status, body and headers that matter without running the handler again", async () => {
    const first = await post({ key: "replay-1", body: { note: "replay" } });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe("/api/idempotency-test/runs/replay");
    const retry = await post({ key: "replay-1", body: { note: "replay" } });
    expect(retry).toMatchObject({ status: 201, text: first.text });
    expect(retry.headers.location).toBe(first.headers.location);
    expect(retry.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(runsOf("replay")).toBe(1);
    expect(await storedRuns("replay")).toBe(1);
  });

  it("stores answers sealed and fingerprints keyed: the table alone reveals neither an answer nor a body", async () => {
    const body = JSON.stringify({ note: "secret-shown-once" });
    await post({ key: "sealed-1", body: JSON.parse(body) });
    const row = (
      await sql<{
        fingerprint: string;
        response: string;
      }>`select fingerprint, response from idempotency_keys where key = 'sealed-1'`.execute(t.db)
    ).rows[0];
    expect(row?.response).toMatch(/^v1\./);
    expect(row?.response).not.toContain("secret-shown-once");
    const plain = createHash("sha256")
      .update(`POST /api/idempotency-test/runs\n${createHash("sha256").update(body).digest("hex")}`)
      .digest("hex");
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.fingerprint).not.toBe(plain);
    expect((await post({ key: "sealed-1", body: JSON.parse(body) })).body.data.note).toBe("secret-shown-once");
  });

  it("runs every request that carries no key, and keeps no record of them", async () => {
    const keys = await count("idempotency_keys");
    await post({ body: { note: "no-key" } });
    await post({ body: { note: "no-key" } });
    expect(runsOf("no-key")).toBe(2);
    expect(await storedRuns("no-key")).toBe(2);
    expect(await count("idempotency_keys")).toBe(keys);
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body or on another route, writing nothing", async () => {
    await post({ key: "reused-1", body: { note: "reused" } });
    const keys = await count("idempotency_keys");
    const entities = await count("catalog_entities");
    const otherBody = await post({ key: "reused-1", body: { note: "reused-elsewhere" } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(otherBody.body.error.message).toMatch(/another request/);
    // The same parsed value in other bytes is another request: bodies are compared as sent.
    const reordered = await t.app.inject({
      method: "POST",
      url: "/api/idempotency-test/runs",
      headers: { ...jsonHeaders(testAdminActor), "idempotency-key": "reused-1" },
      payload: '{ "note": "reused" }',
    });
    expect(reordered.statusCode).toBe(422);
    const otherRoute = await post({
      key: "reused-1",
      body: { type: "product", slug: "reused-key" },
      url: "/api/catalog/entities",
    });
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(runsOf("reused")).toBe(1);
    expect(runsOf("reused-elsewhere")).toBe(0);
    expect(await count("idempotency_keys")).toBe(keys);
    expect(await count("catalog_entities")).toBe(entities);
  });

  it("answers 409 CONFLICT to a retry while the first request still runs, then replays its answer", async () => {
    const body = { note: "overlap", delayMs: 300 };
    const first = post({ key: "overlap-1", body });
    await sleep(100);
    const during = await post({ key: "overlap-1", body });
    expect(during.status).toBe(409);
    expect(during.body.error.code).toBe("CONFLICT");
    expect(during.body.error.message).toMatch(/still running/);
    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(201);
    const after = await post({ key: "overlap-1", body });
    expect(after).toMatchObject({ status: 201, text: firstAnswer.text });
    expect(runsOf("overlap")).toBe(1);
  });

  it("stores a 4xx answer and replays it", async () => {
    const body = { note: "missing", outcome: "missing" };
    const first = await post({ key: "missing-1", body });
    expect(first.status).toBe(404);
    const retry = await post({ key: "missing-1", body });
    expect(retry).toMatchObject({ status: 404, text: first.text });
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(runsOf("missing")).toBe(1);
  });

  it("does not store a 5xx, a 409 or a 429: the key is released and a retry runs for real", async () => {
    faultOnce.add("fault");
    const failed = await post({ key: "fault-1", body: { note: "fault" } });
    expect(failed.status).toBe(500);
    expect(await count("idempotency_keys", sql`key = 'fault-1'`)).toBe(0);
    const retry = await post({ key: "fault-1", body: { note: "fault" } });
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(runsOf("fault")).toBe(2);
    expect(await storedRuns("fault")).toBe(1);

    for (const [outcome, status] of [
      ["conflict", 409],
      ["rate-limited", 429],
    ] as const) {
      const body = { note: outcome, outcome };
      expect((await post({ key: `${outcome}-1`, body })).status).toBe(status);
      expect(await count("idempotency_keys", sql`key = ${`${outcome}-1`}`)).toBe(0);
      expect((await post({ key: `${outcome}-1`, body })).headers["idempotent-replayed"]).toBeUndefined();
      expect(runsOf(outcome)).toBe(2);
    }
  });

  it("stores nothing for a request refused before its handler (validation), so the key stays free", async () => {
    const invalid = await post({ key: "invalid-first", body: { note: "" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.code).toBe("VALIDATION_FAILED");
    expect(await count("idempotency_keys", sql`key = 'invalid-first'`)).toBe(0);
    expect((await post({ key: "invalid-first", body: { note: "valid-later" } })).status).toBe(201);
  });

  it("runs a key again once its answer is older than 24 hours", async () => {
    await post({ key: "expiring-1", body: { note: "expiring" } });
    await sql`update idempotency_keys set created_at = created_at - interval '23 hours' where key = 'expiring-1'`.execute(
      t.db,
    );
    expect((await post({ key: "expiring-1", body: { note: "expiring" } })).headers["idempotent-replayed"]).toBe("true");
    await sql`update idempotency_keys set created_at = created_at - interval '2 hours' where key = 'expiring-1'`.execute(
      t.db,
    );
    const again = await post({ key: "expiring-1", body: { note: "expiring" } });
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    // Expired, the key is free for another request too.
    await sql`update idempotency_keys set created_at = created_at - interval '25 hours' where key = 'expiring-1'`.execute(
      t.db,
    );
    expect((await post({ key: "expiring-1", body: { note: "expiring-other" } })).status).toBe(201);
    expect(runsOf("expiring")).toBe(2);
    expect(runsOf("expiring-other")).toBe(1);
  });

  it("frees a key claimed by a request that never answered (a crashed process) after 5 minutes", async () => {
    await post({ key: "orphan-1", body: { note: "orphan" } });
    // As its row stands when the process died between the claim and the stored answer.
    await sql`update idempotency_keys set status = 'in_progress', response_status = null, response = null where key = 'orphan-1'`.execute(
      t.db,
    );
    expect((await post({ key: "orphan-1", body: { note: "orphan" } })).status).toBe(409);
    await sql`update idempotency_keys set created_at = created_at - interval '4 minutes' where key = 'orphan-1'`.execute(
      t.db,
    );
    expect((await post({ key: "orphan-1", body: { note: "orphan" } })).status).toBe(409);
    await sql`update idempotency_keys set created_at = created_at - interval '2 minutes' where key = 'orphan-1'`.execute(
      t.db,
    );
    const retry = await post({ key: "orphan-1", body: { note: "orphan" } });
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(runsOf("orphan")).toBe(2);
    expect((await post({ key: "orphan-1", body: { note: "orphan" } })).headers["idempotent-replayed"]).toBe("true");
  });

  it("keeps keys of other organizations, other credentials and anonymous callers apart", async () => {
    const body = { note: "scoped" };
    const answers = [
      await post({ key: "scoped-1", body, actor: testAdminActor }),
      await post({ key: "scoped-1", body, actor: otherKeyHolder }),
      await post({ key: "scoped-1", body, actor: otherStoreAdmin }),
      await post({ key: "scoped-1", body, actor: null }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(answers.every((answer) => answer.headers["idempotent-replayed"] === undefined)).toBe(true);
    expect(runsOf("scoped")).toBe(4);
    // Each of them replays its own answer.
    expect((await post({ key: "scoped-1", body, actor: otherStoreAdmin })).text).toBe(answers[2]?.text);
    expect((await post({ key: "scoped-1", body, actor: null })).text).toBe(answers[3]?.text);
    expect(runsOf("scoped")).toBe(4);
    const scopes = await sql<{ organizationId: string; credential: string }>`
      select organization_id, credential from idempotency_keys where key = 'scoped-1' order by organization_id, credential`.execute(
      t.db,
    );
    expect(scopes.rows).toEqual([
      { organizationId: "default", credential: "anonymous" },
      { organizationId: "default", credential: "apiKey:second-key" },
      { organizationId: "default", credential: "user:test-admin" },
      { organizationId: "other-store", credential: "user:other-admin" },
    ]);
  });

  it("refuses a malformed key with a 422 naming the header, writing nothing", async () => {
    const keys = await count("idempotency_keys");
    for (const key of ["", "x".repeat(256), "caf\u00e9", "tab\there"]) {
      const response = await post({ key, body: { note: "bad-key" } });
      expect(response.status, JSON.stringify(key)).toBe(422);
      expect(response.body.error.issues).toEqual([
        { path: "headers.idempotency-key", message: expect.stringMatching(/1 to 255 printable ASCII/) },
      ]);
    }
    expect(runsOf("bad-key")).toBe(0);
    expect(await count("idempotency_keys")).toBe(keys);
    expect((await post({ key: `${"k".repeat(254)}~`, body: { note: "longest-key" } })).status).toBe(201);
  });

  it("refuses a key on a multipart upload, whose streamed body cannot be compared", async () => {
    const boundary = "----idempotency";
    const response = await t.app.inject({
      method: "POST",
      url: "/api/media/upload",
      headers: {
        ...jsonHeaders(testAdminActor),
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "idempotency-key": "upload-1",
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.issues[0].path).toBe("headers.idempotency-key");
    expect(await count("idempotency_keys", sql`key = 'upload-1'`)).toBe(0);
  });

  it("documents the header on the POST routes that take it", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    const headerOf = (operation: { parameters?: { in: string; name: string }[] } | undefined) =>
      operation?.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "idempotency-key");
    expect(headerOf(document.paths["/api/catalog/entities"].post)).toMatchObject({
      required: false,
      schema: { type: "string", maxLength: 255 },
    });
    expect(headerOf(document.paths["/api/idempotency-test/runs"].post)).toBeDefined();
    expect(headerOf(document.paths["/api/catalog/entities"].get)).toBeUndefined();
    expect(headerOf(document.paths["/api/media/upload"].post)).toBeUndefined();
    expect(document["x-error-codes"].IDEMPOTENCY_KEY_REUSED).toMatchObject({ status: 422 });
  });

  it("prunes keys older than 24 hours from the idempotency/prune job, which runs again hourly", async () => {
    await post({ key: "prune-old", body: { note: "prune-old" } });
    await post({ key: "prune-fresh", body: { note: "prune-fresh" } });
    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'prune-old'`.execute(
      t.db,
    );
    const response = await t.app.inject({ url: "/api/jobs/run?limit=50" });
    expect(response.statusCode).toBe(200);
    expect(await count("idempotency_keys", sql`key = 'prune-old'`)).toBe(0);
    expect(await count("idempotency_keys", sql`key = 'prune-fresh'`)).toBe(1);
    const jobs = await sql<{ status: string; waitUntil: Date | null }>`
      select status, wait_until from jobs where task_slug = 'idempotency/prune' order by seq`.execute(t.db);
    expect(jobs.rows.map((row) => row.status)).toEqual(["succeeded", "pending"]);
    expect((jobs.rows[1]?.waitUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(55 * 60 * 1000);
  });
});

describe.skipIf(!isPostgresTestRun())("Idempotency-Key under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [runsPlugin] } });
  });
  afterAll(() => t.close());

  const fire = (key: string, url: string, body: unknown) =>
    Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: "POST",
          url,
          headers: { ...jsonHeaders(testAdminActor), "idempotency-key": key },
          payload: JSON.stringify(body),
        }),
      ),
    );

  it("runs exactly one of 20 simultaneous requests with one key; the others answer 409 or the replay", async () => {
    const answers = await fire("race-1", "/api/idempotency-test/runs", { note: "race", delayMs: 200 });
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.filter((answer) => answer.headers["idempotent-replayed"] === undefined)).toHaveLength(1);
    expect(new Set(created.map((answer) => answer.body)).size).toBe(1);
    expect(runs.filter((run) => run === "race").length).toBe(1);
    const stored = await sql<{
      count: number;
    }>`select count(*)::int as count from idempotency_test_runs where note = 'race'`.execute(t.db);
    expect(stored.rows[0]?.count).toBe(1);
  });

  it("creates one catalog entity from 20 simultaneous retries of one create", async () => {
    const answers = await fire("race-entity", "/api/catalog/entities", { type: "product", slug: "raced-entity" });
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    // Refused by the key, not by the slug's unique index: the losers never reached the handler.
    const refused = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error.message);
    expect(refused.every((message) => /still running/.test(message))).toBe(true);
    const entities = await sql<{
      count: number;
    }>`select count(*)::int as count from catalog_entities where slug = 'raced-entity'`.execute(t.db);
    expect(entities.rows[0]?.count).toBe(1);
    const events = await sql<{
      count: number;
    }>`select count(*)::int as count from domain_events where type = 'catalog.create'`.execute(t.db);
    expect(events.rows[0]?.count).toBe(1);
  });
});
