import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlugin, type Plugin } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "every-test/tick": Record<string, never>;
    "every-test/later": Record<string, never>;
    "every-test/backlog": Record<string, never>;
    "every-test/off": Record<string, never>;
    "every-test/fail": Record<string, never>;
    "every-test/fleet": Record<string, never>;
  }
}

const MINUTE = 60_000;

describe("defineTask's every", () => {
  it("reads whole seconds, minutes, hours, days and milliseconds", () => {
    const everyOf = (every: "30s" | "10m" | "1h" | "2d" | number) =>
      defineTask({ slug: "every-test/tick", every, handler: () => null }).schedule?.every;
    expect([everyOf("30s"), everyOf("10m"), everyOf("1h"), everyOf("2d"), everyOf(250)]).toEqual([
      30_000,
      10 * MINUTE,
      60 * MINUTE,
      2 * 24 * 60 * MINUTE,
      250,
    ]);
  });

  it("refuses an interval it cannot read, naming the task", () => {
    for (const every of ["1.5h", "10 min", "0m", "10", "m"] as const) {
      // The strings are wrong on purpose: a plugin written in JavaScript gets no type error.
      expect(() => defineTask({ slug: "every-test/tick", every: every as "10m", handler: () => null })).toThrow(
        /Task "every-test\/tick": every must be a whole number/,
      );
    }
    for (const every of [0, -5, 1.5, Number.NaN]) {
      expect(() => defineTask({ slug: "every-test/tick", every, handler: () => null })).toThrow(/every must be/);
    }
  });

  it("keeps its own concurrency, and refuses firstRun or hasBacklog without every", () => {
    const scheduled = defineTask({ slug: "every-test/tick", every: "1h", handler: () => null });
    expect(scheduled.concurrency?.key(undefined as never)).toBe("every-test/tick");
    expect(scheduled.concurrency?.supersedes).toBe(true);
    expect(() =>
      defineTask({ slug: "every-test/tick", every: "1h", concurrency: { key: () => "mine" }, handler: () => null }),
    ).toThrow(/has no concurrency of its own/);
    expect(() => defineTask({ slug: "every-test/tick", firstRun: "interval", handler: () => null })).toThrow(
      /recurring task only/,
    );
    expect(() =>
      defineTask({ slug: "every-test/tick", every: "1h", firstRun: "later" as "boot", handler: () => null }),
    ).toThrow(/firstRun must be "boot" or "interval"/);
  });
});

/** Recurring tasks of every kind, counting their runs. */
function recurringPlugin(runs: Record<string, number>): Plugin {
  const count = (slug: string) => (runs[slug] = (runs[slug] ?? 0) + 1);
  let left = 2;
  return definePlugin({
    id: "every-test",
    version: "1.0.0",
    tasks: [
      defineTask({ slug: "every-test/tick", every: "10m", handler: () => ({ run: count("tick") }) }),
      defineTask({
        slug: "every-test/later",
        every: "1h",
        firstRun: "interval",
        handler: () => ({ run: count("later") }),
      }),
      defineTask({
        slug: "every-test/backlog",
        every: "1h",
        handler: () => {
          count("backlog");
          left = Math.max(0, left - 1);
          return { left };
        },
        hasBacklog: (output) => output.left > 0,
      }),
      defineTask({ slug: "every-test/off", every: () => null, handler: () => ({ run: count("off") }) }),
      defineTask({
        slug: "every-test/fail",
        every: "1h",
        handler: () => {
          count("fail");
          throw new Error("boom");
        },
      }),
    ],
  });
}

async function jobsOf(t: TestApp, slug: string) {
  const { rows } = await sql<{ status: string; inMinutes: number | null }>`
    select status, round(extract(epoch from (wait_until - now())) / 60)::int as "inMinutes"
    from jobs where task_slug = ${slug} order by seq`.execute(t.db);
  return rows;
}

async function drain(t: TestApp): Promise<void> {
  while ((await t.kernel.services.jobs.run({ queue: "default", limit: 10 })).processed > 0);
}

describe("recurring tasks", () => {
  let t: TestApp;
  const runs: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [recurringPlugin(runs)] } });
  });
  afterAll(() => t.close());

  it("are scheduled at boot: at once, or one interval later with firstRun interval, and not when every answers null", async () => {
    expect(await jobsOf(t, "every-test/tick")).toEqual([{ status: "pending", inMinutes: null }]);
    expect(await jobsOf(t, "every-test/later")).toEqual([{ status: "pending", inMinutes: 60 }]);
    expect(await jobsOf(t, "every-test/off")).toEqual([]);
  });

  it("run once, then once more an interval later; at once while hasBacklog; on after a failed last attempt", async () => {
    await drain(t);
    expect(runs).toEqual({ tick: 1, backlog: 2, fail: 1 });
    expect(await jobsOf(t, "every-test/tick")).toEqual([
      { status: "succeeded", inMinutes: null },
      { status: "pending", inMinutes: 10 },
    ]);
    expect(await jobsOf(t, "every-test/backlog")).toEqual([
      { status: "succeeded", inMinutes: null },
      { status: "succeeded", inMinutes: null },
      { status: "pending", inMinutes: 60 },
    ]);
    expect(await jobsOf(t, "every-test/fail")).toEqual([
      { status: "failed", inMinutes: null },
      { status: "pending", inMinutes: 60 },
    ]);
  });
});

// Real concurrency needs real connections: PGlite has one.
describe.runIf(isPostgresTestRun())("a recurring task across a fleet (PostgreSQL)", () => {
  const runs: Record<string, number> = {};
  const fleetPlugin = () =>
    definePlugin({
      id: "every-fleet",
      version: "1.0.0",
      tasks: [
        defineTask({
          slug: "every-test/fleet",
          every: "10m",
          handler: async () => {
            runs.fleet = (runs.fleet ?? 0) + 1;
            // Long enough for the other workers to try to claim it meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 200));
            return { run: runs.fleet };
          },
        }),
      ],
    });
  const apps: TestApp[] = [];
  afterAll(async () => {
    // The first app owns the schema: it closes last.
    for (const app of [...apps].reverse()) await app.close();
  });

  it("is scheduled once when four processes boot together, and runs once when they all run jobs", async () => {
    const first = await createTestApp({ config: { plugins: [fleetPlugin()] } });
    apps.push(first);
    const schema = first.kernel.database.schema;
    if (!schema) throw new Error("a PostgreSQL test app has a schema");
    // Three more processes of the same store boot at the same moment, each scheduling the task.
    apps.push(
      ...(await Promise.all(
        [1, 2, 3].map(() => createTestApp({ joinSchema: schema, config: { plugins: [fleetPlugin()] } })),
      )),
    );
    expect(await jobsOf(first, "every-test/fleet")).toEqual([{ status: "pending", inMinutes: null }]);

    await Promise.all(apps.map((app) => app.kernel.services.jobs.run({ queue: "default", limit: 50 })));
    expect(runs.fleet).toBe(1);
    expect(await jobsOf(first, "every-test/fleet")).toEqual([
      { status: "succeeded", inMinutes: null },
      { status: "pending", inMinutes: 10 },
    ]);
  });
});
