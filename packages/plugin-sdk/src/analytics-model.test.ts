import { randomUUID } from "node:crypto";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlugin, router, tenantScope, type AnalyticsModel, type Timestamp } from "./index.js";
import { createPluginTestApp, createTestActor, jsonHeaders, type TestApp } from "./testing.js";

type LoyaltyTables = {
  loyaltyPoints: {
    id: string;
    organizationId: string;
    member: string;
    points: number;
    isBonus: boolean;
    awardedAt: Timestamp;
  };
};

/** A plugin's own model over its own table: declared columns, a restricted set of granularities. */
const loyaltyModel: AnalyticsModel = {
  name: "loyaltyPoints",
  description: "Points awarded to members",
  table: "loyalty_points",
  measures: {
    count: { type: "count" },
    points: { type: "sum", column: "points" },
    averagePoints: { type: "avg", column: "points" },
    members: { type: "countDistinct", column: "member" },
  },
  dimensions: {
    member: { type: "string", column: "member" },
    isBonus: { type: "boolean", column: "is_bonus" },
    awardedAt: { type: "time", column: "awarded_at", granularities: ["day", "month"] },
  },
};

/** Written with the SDK only: a table by migration, a route that awards points, and the model. */
const loyalty = definePlugin({
  id: "loyalty",
  version: "1.0.0",
  permissions: [{ scope: "loyalty:award", description: "Award points" }],
  schema: {
    migrations: [
      {
        name: "0001_loyalty_points",
        async up(db) {
          await db.schema
            .createTable("loyalty_points")
            .addColumn("id", "uuid", (col) => col.primaryKey())
            .addColumn("organization_id", "text", (col) => col.notNull())
            .addColumn("member", "text", (col) => col.notNull())
            .addColumn("points", "integer", (col) => col.notNull())
            .addColumn("is_bonus", "boolean", (col) => col.notNull())
            .addColumn("awarded_at", "timestamptz", (col) => col.notNull())
            .execute();
        },
      },
    ],
  },
  analyticsModels: [loyaltyModel],
  routes: ({ database }) =>
    router("Loyalty", "/loyalty")
      .post("/points", { summary: "Award points" })
      .permission("loyalty:award")
      .input(
        z.object({ member: z.string().min(1), points: z.int(), isBonus: z.boolean(), awardedAt: z.iso.datetime() }),
      )
      .status(201)
      .handler(async ({ input, organizationId }) => {
        await tenantScope(database.db.withTables<LoyaltyTables>(), organizationId)
          .insertInto("loyaltyPoints", { id: randomUUID(), ...input })
          .execute();
        return { data: null };
      })
      .build(),
});

const clerk = createTestActor({ id: "clerk", permissions: ["loyalty:award"] });
const otherClerk = createTestActor({
  id: "other-clerk",
  permissions: ["loyalty:award"],
  organizationId: "other-store",
});
const analyst = createTestActor({ id: "analyst", permissions: ["analytics:read"] });

describe("a plugin's analytics model through plugin-sdk", () => {
  let t: TestApp;
  const send = async (method: "GET" | "POST" | "PATCH", url: string, actor = analyst, body?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: jsonHeaders(actor),
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const query = (body: unknown) => send("POST", "/api/analytics/query", analyst, body);

  beforeAll(async () => {
    t = await createPluginTestApp(loyalty);
    const zone = await send("PATCH", "/api/settings/general", createTestActor({ id: "admin", permissions: ["*:*"] }), {
      timezone: "Europe/Paris",
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    for (const [actor, member, points, isBonus, awardedAt] of [
      [clerk, "ann", 10, false, "2026-01-31T23:30:00Z"], // 00:30 on February 1st in Paris
      [clerk, "ann", 5, true, "2026-02-10T12:00:00Z"],
      [clerk, "ben", 20, false, "2026-02-11T12:00:00Z"],
      [otherClerk, "ann", 1000, false, "2026-02-10T12:00:00Z"],
    ] as const) {
      expect((await send("POST", "/api/loyalty/points", actor, { member, points, isBonus, awardedAt })).status).toBe(
        201,
      );
    }
  });
  afterAll(() => t.close());

  it("lists the plugin's model beside the core ones", async () => {
    const { body } = await send("GET", "/api/analytics/meta");
    expect(body.data.models.find((model: { name: string }) => model.name === "loyaltyPoints")).toEqual({
      name: "loyaltyPoints",
      description: "Points awarded to members",
      measures: [
        { name: "count", type: "count", description: null },
        { name: "points", type: "sum", description: null },
        { name: "averagePoints", type: "avg", description: null },
        { name: "members", type: "countDistinct", description: null },
      ],
      dimensions: [
        { name: "member", type: "string", granularities: null, description: null },
        { name: "isBonus", type: "boolean", granularities: null, description: null },
        { name: "awardedAt", type: "time", granularities: ["day", "month"], description: null },
      ],
    });
  });

  it("queries it over HTTP: the organization's rows only, bucketed in the store's time zone", async () => {
    const byMember = await query({ model: "loyaltyPoints", measures: ["points", "count"], dimensions: ["member"] });
    expect(byMember.body.data).toEqual([
      { member: "ben", points: 20, count: 1 },
      { member: "ann", points: 15, count: 2 },
    ]);
    const byMonth = await query({
      model: "loyaltyPoints",
      measures: ["points", "members", "averagePoints"],
      timeDimension: { dimension: "awardedAt", granularity: "month" },
    });
    expect(byMonth.body.data).toEqual([{ awardedAt: "2026-02-01", points: 35, members: 2, averagePoints: 35 / 3 }]);
    const bonus = await query({
      model: "loyaltyPoints",
      measures: ["points"],
      filters: [{ member: "isBonus", operator: "equals", values: [true] }],
    });
    expect(bonus.body.data).toEqual([{ points: 5 }]);
  });

  it("refuses a granularity the model does not declare", async () => {
    const response = await query({
      model: "loyaltyPoints",
      measures: ["count"],
      timeDimension: { dimension: "awardedAt", granularity: "week" },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.message).toContain('"awardedAt" is not grouped by week; granularities: day, month');
  });
});
