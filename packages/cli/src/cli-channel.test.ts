import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { runUc } from "./test-fixtures/run-uc.js";
import { channelFixtureConfig, type UcResult } from "./test-fixtures/spawn-uc.js";
import { expectOneLineError, ucWorkspace } from "./test-fixtures/uc-workspace.js";

const { workDir, env, inDatabase, cleanUp } = ucWorkspace("chan");

/** Every answer `uc` gave in this file: none may contain a credential. */
const outputs: UcResult[] = [];
const uc = async (...args: string[]): Promise<UcResult> => {
  const result = await runUc(env, args, channelFixtureConfig);
  outputs.push(result);
  return result;
};

const commandLineSecret = `uc_cmdline_${randomBytes(12).toString("hex")}`;
const fileSecret = `uc_file_${randomBytes(12).toString("hex")}`;

afterAll(cleanUp);

const connectionShape = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  name: expect.any(String),
  adapterId: "rest-store",
  settings: expect.any(Object),
  credentialKeys: expect.any(Array),
  backfill: {
    status: expect.any(String),
    pages: expect.any(Number),
    items: expect.any(Number),
    errors: expect.any(Number),
    lastError: null,
    startedAt: null,
    finishedAt: null,
  },
  stockPushes: 0,
  ordersImported: 0,
  ordersRejected: 0,
  reconcile: null,
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
};

describe("uc channel", () => {
  let fileConnectionId = "";
  let cmdlineConnectionId = "";

  it("connect with --credentials-file prints the connection (credential names, never values) and starts nothing", async () => {
    const credentialsFile = join(workDir, "outlet-credentials.json");
    writeFileSync(credentialsFile, JSON.stringify({ apiKey: fileSecret }), { mode: 0o600 });
    const result = await uc(
      "channel",
      "connect",
      "--adapter",
      "rest-store",
      "--name",
      "Outlet",
      "--currency",
      "EUR",
      "--setting",
      "baseUrl=https://outlet.example.com",
      "--setting",
      "warehouseCode=channel",
      "--credentials-file",
      "outlet-credentials.json",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    const connection = JSON.parse(result.stdout);
    expect(connection).toEqual({
      ...connectionShape,
      name: "Outlet",
      settings: { baseUrl: "https://outlet.example.com", warehouseCode: "channel", currency: "EUR" },
      credentialKeys: ["apiKey"],
      backfill: { ...connectionShape.backfill, status: "idle", pages: 0, items: 0, errors: 0 },
    });
    expect(connection).not.toHaveProperty("credentials");
    fileConnectionId = connection.id;
    // Connecting starts nothing: no job.
    expect(
      await inDatabase(
        async ({ db }) =>
          (
            await sql<{
              n: string;
            }>`select count(*)::text as n from jobs where task_slug like 'channel/%' and task_slug not in ('channel/reconcile-sweep', 'channel/reap-exports')`.execute(
              db,
            )
          ).rows[0]?.n,
      ),
    ).toBe("0");
  }, 180_000);

  it("connect with --credential prints text naming the credential keys only", async () => {
    const result = await uc(
      "channel",
      "connect",
      "--adapter",
      "rest-store",
      "--name",
      "Second store",
      "--currency",
      "USD",
      "--setting",
      "baseUrl=https://second.example.com",
      "--credential",
      `apiKey=${commandLineSecret}`,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Connected "Second store"');
    expect(result.stdout).toContain("credentials: apiKey (sealed, never shown)");
    expect(result.stdout).toContain("baseUrl=https://second.example.com");
    cmdlineConnectionId = /\(([0-9a-f-]{36})\)/.exec(result.stdout)?.[1] ?? "";
    expect(cmdlineConnectionId).not.toBe("");
  }, 180_000);

  it("list answers the connections, newest first, in JSON and as text", async () => {
    const json = await uc("channel", "list", "--json");
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout);
    expect(listed).toEqual({
      connections: [expect.objectContaining(connectionShape), expect.objectContaining(connectionShape)],
      total: 2,
      page: 1,
      limit: 20,
    });
    expect(listed.connections.map((connection: { id: string }) => connection.id)).toEqual([
      cmdlineConnectionId,
      fileConnectionId,
    ]);

    const paged = JSON.parse((await uc("channel", "list", "--limit", "1", "--page", "2", "--json")).stdout);
    expect(paged.connections.map((connection: { id: string }) => connection.id)).toEqual([fileConnectionId]);
    expect(paged.total).toBe(2);

    const text = await uc("channel", "list");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("2 connections");
    expect(text.stdout).toContain(fileConnectionId);
    expect(text.stdout).toContain("Outlet");
  }, 180_000);

  it("backfill starts the catalog backfill as a job and says how jobs run; status shows its progress", async () => {
    const text = await uc("channel", "backfill", fileConnectionId);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("started");
    expect(text.stdout).toContain("GET /api/jobs/run");
    expect(text.stdout).toContain("worker");
    const jobs = await inDatabase(
      async ({ db }) =>
        (
          await sql<{ status: string }>`select status from jobs where task_slug = 'channel/backfill-catalog'`.execute(
            db,
          )
        ).rows,
    );
    expect(jobs).toEqual([{ status: "pending" }]);

    const again = await uc("channel", "backfill", fileConnectionId, "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      id: fileConnectionId,
      backfill: { status: "running", pages: 0, items: 0, errors: 0 },
    });

    const status = await uc("channel", "status", fileConnectionId, "--json");
    expect(status.code, status.stderr).toBe(0);
    const connection = JSON.parse(status.stdout);
    expect(connection).toEqual({
      ...connectionShape,
      id: fileConnectionId,
      name: "Outlet",
      credentialKeys: ["apiKey"],
      backfill: {
        ...connectionShape.backfill,
        status: "running",
        pages: 0,
        items: 0,
        errors: 0,
        startedAt: expect.any(String),
      },
    });

    const statusText = await uc("channel", "status", fileConnectionId);
    expect(statusText.code, statusText.stderr).toBe(0);
    expect(statusText.stdout).toContain("backfill: running, 0 pages, 0 items, 0 errors");
    expect(statusText.stdout).toContain("reconcile: never run");
  }, 240_000);

  it("an unknown connection is one line and exit code 1; another organization's is unknown too", async () => {
    for (const action of ["status", "backfill"]) {
      expectOneLineError(await uc("channel", action, randomUUID()));
      expectOneLineError(await uc("channel", action, "not-an-id"));
    }
    expect((await uc("org", "create", "--name", "Other", "--id", "other-store")).code).toBe(0);
    const other = await uc("channel", "status", fileConnectionId, "--org", "other-store");
    expectOneLineError(other);
    expect(other.stderr).toContain("No channel connection");
    expect(JSON.parse((await uc("channel", "list", "--org", "other-store", "--json")).stdout)).toMatchObject({
      connections: [],
      total: 0,
    });
    expectOneLineError(await uc("channel", "list", "--org", "no-such-store"));
  }, 240_000);

  it("refused input is one line and exit code 1, nothing stored: unknown adapter, bad currency, unreadable or malformed credentials file", async () => {
    const base = ["channel", "connect", "--name", "Bad", "--credential", `apiKey=${commandLineSecret}`];
    const unknownAdapter = await uc(...base, "--adapter", "no-such-adapter", "--currency", "EUR");
    expectOneLineError(unknownAdapter);
    expect(unknownAdapter.stderr).toContain("no-such-adapter");
    expectOneLineError(await uc(...base, "--adapter", "rest-store", "--currency", "euro"));
    expectOneLineError(
      await uc(
        "channel",
        "connect",
        "--adapter",
        "rest-store",
        "--name",
        "Bad",
        "--currency",
        "EUR",
        "--credentials-file",
        "missing.json",
      ),
    );
    writeFileSync(join(workDir, "broken.json"), `{"apiKey": "${fileSecret}"`);
    expectOneLineError(
      await uc(
        "channel",
        "connect",
        "--adapter",
        "rest-store",
        "--name",
        "Bad",
        "--currency",
        "EUR",
        "--credentials-file",
        "broken.json",
      ),
    );
    writeFileSync(join(workDir, "array.json"), JSON.stringify([fileSecret]));
    expectOneLineError(
      await uc(
        "channel",
        "connect",
        "--adapter",
        "rest-store",
        "--name",
        "Bad",
        "--currency",
        "EUR",
        "--credentials-file",
        "array.json",
      ),
    );
    expect(JSON.parse((await uc("channel", "list", "--json")).stdout).total).toBe(2);
  }, 240_000);

  it("bad usage is exit code 2: missing options or id, malformed pairs, unknown options", async () => {
    expectOneLineError(await uc("channel", "connect", "--name", "X", "--currency", "EUR"), 2);
    expectOneLineError(await uc("channel", "connect", "--adapter", "rest-store", "--currency", "EUR"), 2);
    expectOneLineError(await uc("channel", "connect", "--adapter", "rest-store", "--name", "X"), 2);
    const badCredential = await uc(
      "channel",
      "connect",
      "--adapter",
      "rest-store",
      "--name",
      "X",
      "--currency",
      "EUR",
      "--credential",
      commandLineSecret,
    );
    expectOneLineError(badCredential, 2);
    expectOneLineError(
      await uc(
        "channel",
        "connect",
        "--adapter",
        "rest-store",
        "--name",
        "X",
        "--currency",
        "EUR",
        "--setting",
        "baseUrl",
      ),
      2,
    );
    expectOneLineError(await uc("channel", "status"), 2);
    expectOneLineError(await uc("channel", "backfill"), 2);
    expectOneLineError(await uc("channel", "status", fileConnectionId, "extra"), 2);
    expectOneLineError(await uc("channel", "list", "--limit", "0"), 2);
    expectOneLineError(await uc("channel", "list", "--bogus"), 2);
    expectOneLineError(await uc("channel", "remove", fileConnectionId), 2);
  }, 240_000);

  it("a configuration without the channel connector is one line and exit code 1", async () => {
    const result = await runUc(env, ["channel", "list"]);
    outputs.push(result);
    expectOneLineError(result);
    expect(result.stderr).toContain("channelConnector()");
  }, 120_000);

  it("no output of any command contained a credential", () => {
    expect(outputs.length).toBeGreaterThan(20);
    for (const { stdout, stderr } of outputs) {
      for (const secret of [commandLineSecret, fileSecret]) {
        expect(stdout).not.toContain(secret);
        expect(stderr).not.toContain(secret);
      }
    }
  });
});
