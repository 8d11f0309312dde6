import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { createOrder } from "./orders-test-helpers.js";

const clerk = createTestActor({ id: "note-clerk", permissions: ["orders:read", "orders:update"] });
const reader = createTestActor({ id: "note-reader", permissions: ["orders:read"] });
const integration = createTestActor({ id: "erp-key", type: "apiKey", permissions: ["orders:read", "orders:update"] });

describe("order notes and timeline", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = async (orderId: string) =>
    (
      await sql<{ notes: number; timeline: number }>`
        select (select count(*)::int from order_notes where order_id = ${orderId}) as notes,
          (select count(*)::int from order_timeline where order_id = ${orderId}) as timeline`.execute(t.db)
    ).rows[0];

  const addNote = (orderId: string, body: unknown, actor = clerk) =>
    call(t.app, "POST", `/api/orders/${orderId}/notes`, { actor, body });

  it("adds notes and lists them pinned first, then newest first", async () => {
    const order = await createOrder(t.kernel);
    const first = await addNote(order.id, { body: "Customer called about delivery" });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.any(String),
      body: "Customer called about delivery",
      pinned: false,
      authorId: clerk.id,
      createdAt: expect.any(String),
    });
    const pinned = await addNote(order.id, { body: "Fragile: double box", pinned: true });
    const last = await addNote(order.id, { body: "Gift wrap requested" }, integration);
    expect(last.body.data.authorId).toBe(integration.id);

    const listed = await call(t.app, "GET", `/api/orders/${order.id}/notes`, { actor: reader });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((note: { id: string }) => note.id)).toEqual([
      pinned.body.data.id,
      last.body.data.id,
      first.body.data.id,
    ]);
  });

  it("accepts a body of 1 to 2000 characters and refuses anything else with 422, writing nothing", async () => {
    const order = await createOrder(t.kernel);
    for (const body of [{ body: "" }, { body: "x".repeat(2001) }, {}, { body: 42 }, { body: "ok", pinned: "yes" }]) {
      const response = await addNote(order.id, body);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect(await counts(order.id)).toEqual({ notes: 0, timeline: 0 });
    expect((await addNote(order.id, { body: "x" })).status).toBe(201);
    expect((await addNote(order.id, { body: "x".repeat(2000) })).status).toBe(201);
    expect(await counts(order.id)).toEqual({ notes: 2, timeline: 2 });
  });

  it("deletes a note by id once; another order's note or an unknown one is a 404", async () => {
    const order = await createOrder(t.kernel);
    const otherOrder = await createOrder(t.kernel);
    const note = (await addNote(order.id, { body: "Wrong address", pinned: true })).body.data;
    expect(
      (await call(t.app, "DELETE", `/api/orders/${otherOrder.id}/notes/${note.id}`, { actor: clerk })).status,
    ).toBe(404);
    expect((await call(t.app, "DELETE", `/api/orders/${order.id}/notes/not-a-note`, { actor: clerk })).status).toBe(
      404,
    );
    const deleted = await call(t.app, "DELETE", `/api/orders/${order.id}/notes/${note.id}`, { actor: clerk });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual(note);
    expect((await call(t.app, "GET", `/api/orders/${order.id}/notes`, { actor: reader })).body.data).toEqual([]);
    const again = await call(t.app, "DELETE", `/api/orders/${order.id}/notes/${note.id}`, { actor: clerk });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("NOT_FOUND");
    expect(await counts(order.id)).toEqual({ notes: 0, timeline: 2 });
  });

  it("merges status changes and notes in the timeline, newest first, each with type, at, actor, summary and data", async () => {
    const order = await createOrder(t.kernel);
    const note = (await addNote(order.id, { body: "Call before delivery" })).body.data;
    await call(t.app, "PATCH", `/api/orders/${order.id}/status`, {
      actor: clerk,
      body: { status: "confirmed", reason: "paid by bank transfer" },
    });
    await addNote(order.id, { body: "Paid in full", pinned: true }, integration);
    await call(t.app, "DELETE", `/api/orders/${order.id}/notes/${note.id}`, { actor: clerk });

    const timeline = await call(t.app, "GET", `/api/orders/${order.id}/timeline`, { actor: reader });
    expect(timeline.status).toBe(200);
    const entries = timeline.body.data as {
      type: string;
      at: string;
      actor: unknown;
      summary: string;
      data: Record<string, unknown>;
    }[];
    expect(entries.map(({ type, actor, summary }) => ({ type, actor, summary }))).toEqual([
      { type: "note", actor: { id: clerk.id, type: "user" }, summary: "Note deleted" },
      { type: "note", actor: { id: integration.id, type: "apiKey" }, summary: "Pinned note added" },
      { type: "status", actor: { id: clerk.id, type: "user" }, summary: "Status changed from pending to confirmed" },
      { type: "note", actor: { id: clerk.id, type: "user" }, summary: "Note added" },
    ]);
    expect(entries[0]?.data).toEqual({ noteId: note.id, pinned: false });
    expect(entries[2]?.data).toEqual({ from: "pending", to: "confirmed", reason: "paid by bank transfer" });
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers 404 for another organization's order and for an unknown one on every route, writing nothing", async () => {
    const order = await createOrder(t.kernel);
    const note = (await addNote(order.id, { body: "Ours" })).body.data;
    const before = await counts(order.id);
    const routes = (id: string) =>
      [
        ["POST", `/api/orders/${id}/notes`, { body: "Theirs" }],
        ["GET", `/api/orders/${id}/notes`, undefined],
        ["DELETE", `/api/orders/${id}/notes/${note.id}`, undefined],
        ["GET", `/api/orders/${id}/timeline`, undefined],
        ["PATCH", `/api/orders/${id}/status`, { status: "cancelled" }],
        ["GET", `/api/orders/${id}`, undefined],
      ] as const;
    for (const [method, url, body] of routes(order.id)) {
      const response = await call(t.app, method, url, { actor: otherOrgAdmin, body });
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 404 });
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-order"]) {
      for (const [method, url, body] of routes(id))
        expect((await call(t.app, method, url, { actor: clerk, body })).status).toBe(404);
    }
    expect(await counts(order.id)).toEqual(before);
    expect((await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader })).body.data.status).toBe("pending");
  });

  it("needs orders:update to write notes and orders:read to read them", async () => {
    const order = await createOrder(t.kernel);
    const note = (await addNote(order.id, { body: "Kept" })).body.data;
    expect((await addNote(order.id, { body: "Not allowed" }, reader)).status).toBe(403);
    expect((await call(t.app, "DELETE", `/api/orders/${order.id}/notes/${note.id}`, { actor: reader })).status).toBe(
      403,
    );
    const outsider = createTestActor({ id: "outsider", permissions: ["catalog:read"] });
    expect((await call(t.app, "GET", `/api/orders/${order.id}/notes`, { actor: outsider })).status).toBe(403);
    expect((await call(t.app, "GET", `/api/orders/${order.id}/timeline`, { actor: outsider })).status).toBe(403);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/notes` })).statusCode).toBe(401);
    expect(await counts(order.id)).toEqual({ notes: 1, timeline: 1 });
  });

  it("documents the note routes", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    expect(document.paths["/api/orders/{id}/notes"].post.summary).toBe("Add a note to an order");
    expect(document.paths["/api/orders/{id}/notes"].get.summary).toBe("List an order's notes");
    expect(document.paths["/api/orders/{id}/notes/{noteId}"].delete.summary).toBe("Delete a note of an order");
  });
});
