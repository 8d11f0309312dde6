import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import {
  createCustomer,
  createGroup,
  customerEvents,
  customerManager,
  customerReader,
  customerTraces,
} from "./customers-test-helpers.js";

describe("customer groups", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const groupEvents = async (groupId: string) =>
    (
      await sql<{
        type: string;
      }>`select type from domain_events where entity_type = 'customerGroup' and entity_id = ${groupId} order by sequence`.execute(
        t.db,
      )
    ).rows.map((row) => row.type);

  it("creates, lists, reads, renames and deletes groups; a duplicate id or name is a 409", async () => {
    const created = await call(t.app, "POST", "/api/customers/groups", {
      actor: customerManager,
      body: { id: "trade", name: "Trade", description: "Trade accounts" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: "trade", name: "Trade", description: "Trade accounts" });
    const generated = await createGroup(t.app, { name: "Newsletter" });
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups", {
          actor: customerManager,
          body: { id: "trade", name: "Other" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups", {
          actor: customerManager,
          body: { id: "other", name: "TRADE" },
        })
      ).status,
    ).toBe(409);
    const list = await call(t.app, "GET", "/api/customers/groups", { actor: customerReader });
    expect(list.body.data.map((g: { name: string }) => g.name)).toEqual(["Newsletter", "Trade"]);
    expect(list.body.meta.pagination).toMatchObject({ total: 2 });
    expect((await call(t.app, "GET", "/api/customers/groups/trade", { actor: customerReader })).body.data.name).toBe(
      "Trade",
    );
    const renamed = await call(t.app, "PATCH", "/api/customers/groups/trade", {
      actor: customerManager,
      body: { name: "Trade partners", description: null },
    });
    expect(renamed.body.data).toMatchObject({ id: "trade", name: "Trade partners", description: null });
    expect(
      (
        await call(t.app, "PATCH", `/api/customers/groups/${generated}`, {
          actor: customerManager,
          body: { name: "trade partners" },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(t.app, "DELETE", `/api/customers/groups/${generated}`, { actor: customerManager })).body.data.name,
    ).toBe("Newsletter");
    expect((await call(t.app, "DELETE", `/api/customers/groups/${generated}`, { actor: customerManager })).status).toBe(
      404,
    );
    expect(await groupEvents("trade")).toEqual(["customers.groupCreate", "customers.groupUpdate"]);
    expect(await groupEvents(generated)).toEqual(["customers.groupCreate", "customers.groupDelete"]);
  });

  it("refuses bad groups with 422, writing nothing", async () => {
    const before = await customerTraces(t.db);
    for (const body of [
      { name: "" },
      { id: "has space", name: "X" },
      { id: "-leading", name: "X" },
      { id: "x".repeat(101), name: "X" },
      { id: 7, name: "X" },
      { name: "X", description: "d".repeat(1001) },
      {},
    ]) {
      const response = await call(t.app, "POST", "/api/customers/groups", { actor: customerManager, body });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 422]);
    }
    expect(
      (await call(t.app, "PATCH", "/api/customers/groups/trade", { actor: customerManager, body: { name: "" } }))
        .status,
    ).toBe(422);
    expect(await customerTraces(t.db)).toEqual(before);
    // The id is not a field of the patch: prices and promotions name it.
    expect(
      (await call(t.app, "PATCH", "/api/customers/groups/trade", { actor: customerManager, body: { id: "renamed" } }))
        .body.data.id,
    ).toBe("trade");
  });

  it("adds and removes members, each change a customers.update naming the groups before and after", async () => {
    const gil = await createCustomer(t.app, { name: "Gil" });
    const hal = await createCustomer(t.app, { name: "Hal" });
    const added = await call(t.app, "POST", "/api/customers/groups/trade/members", {
      actor: customerManager,
      body: { customerIds: [gil.id, hal.id, gil.id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.added.sort()).toEqual([gil.id, hal.id].sort());
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups/trade/members", {
          actor: customerManager,
          body: { customerIds: [gil.id] },
        })
      ).body.data,
    ).toEqual({ added: [] });
    expect(
      (await call(t.app, "GET", `/api/customers/${gil.id}`, { actor: customerReader })).body.data.groupIds,
    ).toEqual(["trade"]);
    expect(
      (await call(t.app, "GET", "/api/customers?groupId=trade", { actor: customerReader })).body.data
        .map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([gil.id, hal.id].sort());
    const removed = await call(t.app, "DELETE", `/api/customers/groups/trade/members/${hal.id}`, {
      actor: customerManager,
    });
    expect(removed.body.data).toMatchObject({ id: hal.id, groupIds: [] });
    expect(
      (await call(t.app, "DELETE", `/api/customers/groups/trade/members/${hal.id}`, { actor: customerManager })).status,
    ).toBe(404);
    expect((await customerEvents(t.db, hal.id)).events).toEqual([
      "customers.create",
      "customers.update",
      "customers.update",
    ]);
    const changes = await sql<{
      payload: { change: string; before: { groupIds: string[] }; customer: { groupIds: string[] } };
    }>`select payload from domain_events where entity_id = ${hal.id} and type = 'customers.update' order by sequence`.execute(
      t.db,
    );
    expect(
      changes.rows.map((row) => [row.payload.change, row.payload.before.groupIds, row.payload.customer.groupIds]),
    ).toEqual([
      ["groupsChanged", [], ["trade"]],
      ["groupsChanged", ["trade"], []],
    ]);
  });

  it("refuses an unknown customer or group without writing anything, and 403 without customers:update", async () => {
    const ivy = await createCustomer(t.app, { name: "Ivy" });
    const before = await customerTraces(t.db);
    const unknown = await call(t.app, "POST", "/api/customers/groups/trade/members", {
      actor: customerManager,
      body: { customerIds: [ivy.id, "nobody"] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain("body.customerIds.1");
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups/nope/members", {
          actor: customerManager,
          body: { customerIds: [ivy.id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups/trade/members", {
          actor: customerManager,
          body: { customerIds: [] },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups/trade/members", {
          actor: customerManager,
          body: { customerIds: Array.from({ length: 101 }, (_, i) => `c${i}`) },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups/trade/members", {
          actor: customerReader,
          body: { customerIds: [ivy.id] },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, "POST", "/api/customers/groups", { actor: customerReader, body: { name: "Nope" } })).status,
    ).toBe(403);
    expect(await customerTraces(t.db)).toEqual(before);
  });

  it("keeps groups and memberships apart between organizations", async () => {
    const jay = await createCustomer(t.app, { name: "Jay" });
    const before = await customerTraces(t.db);
    for (const response of await Promise.all([
      call(t.app, "GET", "/api/customers/groups/trade", { actor: otherOrgAdmin }),
      call(t.app, "PATCH", "/api/customers/groups/trade", { actor: otherOrgAdmin, body: { name: "Mine" } }),
      call(t.app, "DELETE", "/api/customers/groups/trade", { actor: otherOrgAdmin }),
      call(t.app, "POST", "/api/customers/groups/trade/members", {
        actor: otherOrgAdmin,
        body: { customerIds: [jay.id] },
      }),
    ])) {
      expect(response.status).toBe(404);
    }
    expect((await call(t.app, "GET", "/api/customers/groups", { actor: otherOrgAdmin })).body.data).toEqual([]);
    // The other store may have its own `trade` group; a customer of ours is unknown there.
    expect(
      (
        await call(t.app, "POST", "/api/customers/groups", {
          actor: otherOrgAdmin,
          body: { id: "trade", name: "Trade" },
        })
      ).status,
    ).toBe(201);
    const foreign = await call(t.app, "POST", "/api/customers/groups/trade/members", {
      actor: otherOrgAdmin,
      body: { customerIds: [jay.id] },
    });
    expect(foreign.status).toBe(422);
    expect(await t.kernel.services.customers.groupIdsOf("default", jay.id)).toEqual([]);
    expect((await customerTraces(t.db))?.customers).toBe(before?.customers);
  });

  it("deleting a group takes its members out of it (each a customers.update)", async () => {
    const kim = await createCustomer(t.app, { name: "Kim" });
    await createGroup(t.app, { id: "seasonal", name: "Seasonal" });
    await call(t.app, "POST", "/api/customers/groups/seasonal/members", {
      actor: customerManager,
      body: { customerIds: [kim.id] },
    });
    expect((await call(t.app, "DELETE", "/api/customers/groups/seasonal", { actor: customerManager })).status).toBe(
      200,
    );
    expect(await t.kernel.services.customers.groupIdsOf("default", kim.id)).toEqual([]);
    expect((await customerEvents(t.db, kim.id)).events).toEqual([
      "customers.create",
      "customers.update",
      "customers.update",
    ]);
  });

  it.skipIf(!isPostgresTestRun())(
    "adds each customer once whatever number of concurrent requests name them (PostgreSQL)",
    async () => {
      const crowd = await Promise.all(
        Array.from({ length: 5 }, (_, i) => createCustomer(t.app, { name: `Crowd ${i}` })),
      );
      await createGroup(t.app, { id: "crowd", name: "Crowd" });
      const ids = crowd.map((c) => c.id);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(t.app, "POST", "/api/customers/groups/crowd/members", {
            actor: customerManager,
            body: { customerIds: i % 2 ? ids : [...ids].reverse() },
          }),
        ),
      );
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(responses.flatMap((r) => r.body.data.added as string[]).sort()).toEqual([...ids].sort());
      for (const id of ids)
        expect((await customerEvents(t.db, id)).events).toEqual(["customers.create", "customers.update"]);
    },
  );
});
