import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  jsonHeaders,
  testAdminActor,
  testStaffActor,
  type TestApp,
} from "../../testing/index.js";
import { greetingsPlugin } from "../../testing/fixtures/greetings-plugin.js";

const auditor = createTestActor({ id: "auditor", permissions: ["audit:read"] });
const otherAuditor = createTestActor({
  id: "other-auditor",
  permissions: ["audit:read"],
  organizationId: "other-store",
});

describe("audit log", () => {
  let t: TestApp;
  let greetingId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [greetingsPlugin()] } });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: "audited" },
    });
    greetingId = created.json().data.id;
    await t.app.inject({
      method: "POST",
      url: "/api/greetings",
      headers: jsonHeaders(testAdminActor),
      payload: { text: "second" },
    });
  });
  afterAll(() => t.close());

  it("records actor, event, entity and what changed for a mutation", async () => {
    const response = await t.app.inject({ url: `/api/audit/greeting/${greetingId}`, headers: jsonHeaders(auditor) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        event: "greetings.create",
        entityType: "greeting",
        entityId: greetingId,
        actorId: testAdminActor.id,
        actorType: "user",
        changes: { after: { id: greetingId, text: "audited" } },
      }),
    ]);
  });

  it("filters by event, actor and time, newest first, within the limit", async () => {
    const all = await t.app.inject({ url: "/api/audit?event=greetings.create", headers: jsonHeaders(auditor) });
    const entries = all.json<{ data: { entityId: string; occurredAt: string }[] }>().data;
    expect(entries).toHaveLength(2);
    expect(entries[0]!.occurredAt >= entries[1]!.occurredAt).toBe(true);

    const limited = await t.app.inject({ url: "/api/audit?limit=1", headers: jsonHeaders(auditor) });
    expect(limited.json().data).toHaveLength(1);
    expect(
      (await t.app.inject({ url: `/api/audit?actorId=${testStaffActor.id}`, headers: jsonHeaders(auditor) })).json()
        .data,
    ).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(
      (
        await t.app.inject({ url: `/api/audit?from=${encodeURIComponent(future)}`, headers: jsonHeaders(auditor) })
      ).json().data,
    ).toEqual([]);
  });

  it("refuses a limit above 100, a malformed date and a caller without audit:read", async () => {
    expect((await t.app.inject({ url: "/api/audit?limit=101", headers: jsonHeaders(auditor) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: "/api/audit?from=yesterday", headers: jsonHeaders(auditor) })).statusCode).toBe(
      422,
    );
    expect((await t.app.inject({ url: "/api/audit", headers: jsonHeaders(testStaffActor) })).statusCode).toBe(403);
  });

  it("shows nothing of another organization", async () => {
    const response = await t.app.inject({
      url: `/api/audit/greeting/${greetingId}`,
      headers: jsonHeaders(otherAuditor),
    });
    expect(response.json().data).toEqual([]);
    expect((await t.app.inject({ url: "/api/audit", headers: jsonHeaders(otherAuditor) })).json().data).toEqual([]);
  });

  it("keeps no entry when the mutation's transaction rolls back", async () => {
    const before = await sql<{ count: number }>`select count(*)::int as count from audit_entries`.execute(t.db);
    await expect(
      t.kernel.database.transaction(async (trx) => {
        await t.kernel.events.emit(
          {
            organizationId: "default",
            type: "greetings.create",
            entityType: "greeting",
            entityId: "x",
            payload: {},
            actor: null,
          },
          { trx },
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const after = await sql<{ count: number }>`select count(*)::int as count from audit_entries`.execute(t.db);
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it("records an entry for every stored event, with the event's own fields, by whatever path it was stored", async () => {
    const eventId = "5f0c1f9e-8b1a-4c59-9a53-0d2b4a0c7e11";
    await sql`
      insert into domain_events (id, organization_id, type, entity_type, entity_id, payload, actor_id, actor_type, occurred_at)
      values (${eventId}, 'default', 'greetings.create', 'greeting', 'by-sql', '{"after":{"text":"hi"}}', 'someone', 'user', '2026-01-02T03:04:05.678Z')`.execute(
      t.db,
    );
    const entries = await sql`
      select organization_id, event, entity_type, entity_id, actor_id, actor_type, changes, occurred_at from audit_entries where event_id = ${eventId}`.execute(
      t.db,
    );
    expect(entries.rows).toEqual([
      {
        organizationId: "default",
        event: "greetings.create",
        entityType: "greeting",
        entityId: "by-sql",
        actorId: "someone",
        actorType: "user",
        changes: { after: { text: "hi" } },
        occurredAt: new Date("2026-01-02T03:04:05.678Z"),
      },
    ]);
  });
});
