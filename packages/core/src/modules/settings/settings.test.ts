import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";

const owner = createTestActor({ id: "owner", permissions: ["settings:manage"] });

describe("settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (group: string, body: unknown, actor = owner) =>
    call(t.app, "PATCH", `/api/settings/${group}`, { actor, body });
  const get = async (group: string, actor = owner) =>
    (await call(t.app, "GET", `/api/settings/${group}`, { actor })).body.data;

  it("reads an unset group as {}", async () => {
    expect(await get("general")).toEqual({});
    expect(await get("anything-else")).toEqual({});
    expect((await call(t.app, "GET", "/api/settings", { actor: owner })).body.data).toEqual({});
  });

  it("merges shallowly: keys replace, null deletes, other keys stay", async () => {
    expect((await patch("general", { currency: "EUR", timezone: "Europe/Berlin" })).body.data).toEqual({
      currency: "EUR",
      timezone: "Europe/Berlin",
    });
    expect((await patch("general", { locale: "de-DE", currency: "CHF" })).body.data).toEqual({
      currency: "CHF",
      timezone: "Europe/Berlin",
      locale: "de-DE",
    });
    expect((await patch("general", { timezone: null })).body.data).toEqual({ currency: "CHF", locale: "de-DE" });
    expect((await patch("general", { notThere: null })).status).toBe(200);
    // Shallow: a nested object is replaced whole, not merged.
    await patch("branding", {
      storeName: "Corner Shop",
      address: { line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" },
    });
    const branding = await patch("branding", {
      address: { line1: "2 Side St", city: "Hamburg", postalCode: "20095", country: "DE" },
    });
    expect(branding.body.data).toEqual({
      storeName: "Corner Shop",
      address: { line1: "2 Side St", city: "Hamburg", postalCode: "20095", country: "DE" },
    });
    const all = (await call(t.app, "GET", "/api/settings", { actor: owner })).body.data;
    expect(Object.keys(all)).toEqual(["branding", "general"]);
    expect(all.general).toEqual({ currency: "CHF", locale: "de-DE" });
  });

  it("accepts any object in unknown groups and keeps its keys as written", async () => {
    const response = await patch("storefront-theme", {
      hero: { title: "Hi", slides: [1, 2], cta_label: "Go" },
      dark_mode: true,
    });
    expect(response.status).toBe(200);
    expect(await get("storefront-theme")).toEqual({
      hero: { title: "Hi", slides: [1, 2], cta_label: "Go" },
      dark_mode: true,
    });
    expect((await patch("storefront-theme", { hero: null })).body.data).toEqual({ dark_mode: true });
  });

  it("validates known groups: bad input is a 422 and nothing is written", async () => {
    const before = (await call(t.app, "GET", "/api/settings", { actor: owner })).body.data;
    const events = async () =>
      Number(
        (
          await sql<{
            count: string;
          }>`select count(*) as count from domain_events where type = 'settings.update'`.execute(t.db)
        ).rows[0]?.count,
      );
    const eventsBefore = await events();
    for (const [group, body] of [
      ["general", { currency: "euro" }],
      ["general", { timezone: "Mars/Olympus" }],
      ["general", { locale: "not a locale!" }],
      ["general", { currency: "EUR", colour: "red" }],
      ["branding", { logoUrl: "javascript:alert(1)" }],
      ["branding", { email: "nope" }],
      ["branding", { address: { line1: "x" } }],
      ["policies", { refundDailyCap: -1 }],
      ["policies", { refundDailyCap: 10.5 }],
      ["policies", { refundUndoWindowMinutes: "15" }],
      ["policies", { refundUndoWindowMinutes: 999_999 }],
    ] as const) {
      const response = await patch(group, body);
      expect([group, JSON.stringify(body), response.status, response.body.error?.code]).toEqual([
        group,
        JSON.stringify(body),
        422,
        "VALIDATION_FAILED",
      ]);
    }
    for (const body of [[1, 2], "text", 5]) expect((await patch("anything", body)).status).toBe(422);
    expect((await patch("Bad Group", { a: 1 })).status).toBe(422);
    expect((await call(t.app, "GET", "/api/settings/Bad%20Group", { actor: owner })).status).toBe(422);
    expect((await call(t.app, "GET", "/api/settings", { actor: owner })).body.data).toEqual(before);
    expect(await events()).toBe(eventsBefore);
  });

  it("gives policies their defaults to the service: a 15-minute undo window, no refund cap", async () => {
    expect(await t.kernel.services.settings.policies("default")).toEqual({
      refundDailyCap: null,
      refundUndoWindowMinutes: 15,
    });
    await patch("policies", { refundDailyCap: 50_000, refundUndoWindowMinutes: 30 });
    expect(await t.kernel.services.settings.policies("default")).toEqual({
      refundDailyCap: 50_000,
      refundUndoWindowMinutes: 30,
    });
    await patch("policies", { refundUndoWindowMinutes: null });
    expect(await t.kernel.services.settings.policies("default")).toEqual({
      refundDailyCap: 50_000,
      refundUndoWindowMinutes: 15,
    });
    expect(await get("policies")).toEqual({ refundDailyCap: 50_000 });
  });

  it("records each change in the audit log", async () => {
    await patch("general", { currency: "EUR" });
    const audit = await call(t.app, "GET", "/api/audit?event=settings.update&limit=100");
    expect(audit.body.data.length).toBeGreaterThan(0);
  });

  it("needs settings:manage", async () => {
    const staff = createTestActor({ permissions: ["catalog:read", "tax:manage"] });
    expect((await call(t.app, "GET", "/api/settings", { actor: staff })).status).toBe(403);
    expect((await call(t.app, "GET", "/api/settings/general", { actor: staff })).status).toBe(403);
    expect((await patch("general", { currency: "USD" }, staff)).status).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/settings/general" })).statusCode).toBe(401);
    expect((await get("general")).currency).toBe("EUR");
  });

  it("keeps organizations apart", async () => {
    const mine = (await call(t.app, "GET", "/api/settings", { actor: owner })).body.data;
    expect((await call(t.app, "GET", "/api/settings", { actor: otherOrgAdmin })).body.data).toEqual({});
    expect(await get("general", otherOrgAdmin)).toEqual({});
    await patch("general", { currency: "JPY", locale: null }, otherOrgAdmin);
    expect(await get("general", otherOrgAdmin)).toEqual({ currency: "JPY" });
    expect((await call(t.app, "GET", "/api/settings", { actor: owner })).body.data).toEqual(mine);
  });

  it("documents the settings routes in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/settings"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/api/settings/{group}"] ?? {}).sort()).toEqual(["get", "patch"]);
  });
});

describe.skipIf(!isPostgresTestRun())("settings under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("loses no key when 50 PATCHes of one group race", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, "PATCH", "/api/settings/feature-flags", { actor: owner, body: { [`flag${i}`]: i } }),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const value = (await call(t.app, "GET", "/api/settings/feature-flags", { actor: owner })).body.data;
    expect(Object.keys(value)).toHaveLength(50);
    expect(value.flag49).toBe(49);
  });
});
