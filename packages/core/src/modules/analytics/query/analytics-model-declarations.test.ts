import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsModel } from "../../../kernel/analytics-model.js";
import { definePlugin, type NamedMigration } from "../../../kernel/plugin.js";
import { createPluginTestApp, createTestActor, isPostgresTestRun, type TestApp } from "../../../testing/index.js";
import { call } from "../../catalog/testing.js";

const analyst = createTestActor({ id: "analyst", permissions: ["analytics:read"] });

const scoresTable: NamedMigration = {
  name: "0001_scores",
  up: (db) =>
    sql`create table scores (id integer primary key, organization_id text not null, label text not null, score integer not null, at timestamptz not null, day date not null)`
      .execute(db)
      .then(() => undefined),
};

const scores = (model: Partial<AnalyticsModel> & Record<string, unknown>) =>
  definePlugin({
    id: "scores",
    version: "1.0.0",
    schema: { migrations: [scoresTable] },
    analyticsModels: [
      {
        name: "scores",
        table: "scores",
        measures: { count: { type: "count" } },
        dimensions: {},
        ...model,
      } as AnalyticsModel,
    ],
  });

const bootFailure = (plugin: ReturnType<typeof scores>) =>
  createPluginTestApp(plugin).then(
    async (t) => {
      await t.close();
      return "booted";
    },
    (error: unknown) => String(error),
  );

describe("analytics model declarations", () => {
  it("fail boot, naming the plugin, the model and the field, when malformed", async () => {
    const cases: [Record<string, unknown>, string][] = [
      // The former declaration's SQL text is no longer a column.
      [
        { measures: { total: { type: "sum", sql: "sum(score); drop table scores" } } },
        "measures.total (sum) needs a column",
      ],
      [{ table: "scores; drop table scores" }, 'table is "scores; drop table scores", not an SQL identifier'],
      [{ measures: { total: { type: "sum", column: "score + 1" } } }, "measures.total.column"],
      [{ measures: { total: { type: "median", column: "score" } } }, 'measures.total.type "median"'],
      [{ dimensions: { at: { type: "time", column: "at", granularities: ["fortnight"] } } }, 'granularity "fortnight"'],
      [{ dimensions: { count: { type: "string", column: "label" } } }, '"count" is both a measure and a dimension'],
      [
        { dimensions: { label: { type: "string", column: { join: "owner", column: "name" } } } },
        'names the join "owner"',
      ],
      [{ name: "scores.all" }, "a model name is letters and digits"],
    ];
    for (const [model, message] of cases) {
      const failure = await bootFailure(scores(model));
      expect(failure).toContain('Plugin "scores" declares the analytics model');
      expect(failure).toContain(message);
    }
    const twice = definePlugin({
      id: "orders-copy",
      version: "1.0.0",
      analyticsModels: [{ name: "orders", table: "orders", measures: { count: { type: "count" } }, dimensions: {} }],
    });
    expect(await bootFailure(twice)).toContain(
      'Analytics model "orders" is declared by plugin "orders-copy" and already by plugin "orders"',
    );
    // Nine boots in a row: on the embedded database each one starts PGlite and migrates.
  }, 180_000);

  it("fail boot when the migrated database lacks a column or its type does not fit", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { measures: { total: { type: "sum", column: "points" } } },
        'names the column "scores.points", which does not exist',
      ],
      [{ table: "no_such_table" }, 'on the table "no_such_table", which does not exist'],
      [{ measures: { total: { type: "sum", column: "label" } } }, "measures.total (sum) is over a text column"],
      [
        { dimensions: { day: { type: "time", column: "day" } } },
        "dimensions.day is a time dimension over a date column; it needs timestamptz",
      ],
      [{ organizationColumn: "tenant" }, 'names the column "scores.tenant"'],
    ];
    for (const [model, message] of cases) expect(await bootFailure(scores(model))).toContain(message);
  }, 180_000);
});

describe("limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPluginTestApp(
      scores({ measures: { count: { type: "count" }, total: { type: "sum", column: "score" } } }),
      { config: { analytics: { maxRows: 2 } } },
    );
    await sql`insert into scores values (1, 'default', 'a', 1, now(), current_date), (2, 'default', 'b', 2, now(), current_date), (3, 'default', 'c', 3, now(), current_date)`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it("answers at most analytics.maxRows rows and refuses a larger limit", async () => {
    const query = (body: Record<string, unknown>) =>
      call(t.app, "POST", "/api/analytics/query", {
        actor: analyst,
        body: { model: "scores", measures: ["total"], ...body },
      });
    const first = await query({});
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([{ total: 6 }]);
    expect((await query({ limit: 3 })).body.error.message).toContain("limit is at most 2 (analytics.maxRows)");
  });

  it("joins the caller's transaction when given one, and puts its statement timeout back", async () => {
    const rows = await t.kernel.database.db.transaction().execute(async (trx) => {
      await sql`insert into scores values (4, 'default', 'd', 4, now(), current_date)`.execute(trx);
      // On the caller's transaction the query sees its uncommitted row.
      return t.kernel.services.analyticsQueries.query(
        "default",
        { model: "scores", measures: ["total"], dimensions: [], filters: [], order: [] },
        { trx },
      );
    });
    expect(rows.data).toEqual([{ total: 10 }]);
    expect(
      (await sql<{ value: string }>`select current_setting('statement_timeout') as value`.execute(t.db)).rows[0]?.value,
    ).toBe("0");
  });

  it("refuses a boot with a malformed analytics section", async () => {
    const failure = await createPluginTestApp(scores({}), { config: { analytics: { statementTimeoutMs: 0 } } }).then(
      async (app) => {
        await app.close();
        return "booted";
      },
      (error: unknown) => String(error),
    );
    expect(failure).toContain("analytics.statementTimeoutMs must be an integer");
  });
});

// PGlite runs in one thread without timers that interrupt a statement: `statement_timeout` is accepted
// there but not enforced, which the modules README says.
describe.runIf(isPostgresTestRun())("the statement timeout (PostgreSQL)", () => {
  let t: TestApp;
  const slowView: NamedMigration = {
    name: "0002_slow_scores",
    up: (db) =>
      sql`create view slow_scores as select s.organization_id, s.score, s.at from scores s cross join pg_sleep(0.5)`
        .execute(db)
        .then(() => undefined),
  };
  beforeAll(async () => {
    t = await createPluginTestApp(
      definePlugin({
        id: "slow",
        version: "1.0.0",
        schema: { migrations: [scoresTable, slowView] },
        analyticsModels: [
          {
            name: "slowScores",
            table: "slow_scores",
            measures: { total: { type: "sum", column: "score" } },
            dimensions: {},
          },
        ],
      }),
      { config: { analytics: { statementTimeoutMs: 100 } } },
    );
    await sql`insert into scores values (1, 'default', 'a', 1, now(), current_date)`.execute(t.db);
  });
  afterAll(() => t.close());

  it("answers 503 ANALYTICS_QUERY_TIMEOUT, naming the limit, when a query runs too long", async () => {
    const started = Date.now();
    const response = await call(t.app, "POST", "/api/analytics/query", {
      actor: analyst,
      body: { model: "slowScores", measures: ["total"] },
    });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("ANALYTICS_QUERY_TIMEOUT");
    expect(response.body.error.message).toContain("100 ms (analytics.statementTimeoutMs)");
    expect(Date.now() - started).toBeLessThan(500);
    // The pool's next query is not held to it.
    expect(
      (await sql<{ value: string }>`select current_setting('statement_timeout') as value`.execute(t.db)).rows[0]?.value,
    ).toBe("0");
  });
});
