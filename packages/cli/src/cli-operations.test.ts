import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { runUc } from "./test-fixtures/run-uc.js";
import { expectOneLineError, ucWorkspace } from "./test-fixtures/uc-workspace.js";

const { env, inDatabase, cleanUp } = ucWorkspace("ops");
const uc = (...args: string[]) => runUc(env, args);

async function count(table: string, where = sql`true`): Promise<number> {
  return inDatabase(async ({ db }) =>
    Number(
      (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0]
        ?.n,
    ),
  );
}

afterAll(cleanUp);

describe("uc operations", () => {
  it("migrate --dry-run lists core's and the plugins' pending migrations and applies nothing; migrate applies them", async () => {
    const dry = await uc("migrate", "--dry-run", "--json");
    expect(dry.code, dry.stderr).toBe(0);
    const { pending } = JSON.parse(dry.stdout) as { pending: { module: string; name: string }[] };
    expect(pending).toEqual(
      expect.arrayContaining([
        { module: "core", name: "0001_organizations_and_events" },
        expect.objectContaining({ module: "auth" }),
      ]),
    );
    expect(
      await inDatabase(
        async ({ db }) =>
          (await sql<{ t: string | null }>`select to_regclass('uc_migrations')::text as t`.execute(db)).rows[0]?.t,
      ),
    ).toBeNull();

    const applied = await uc("migrate", "--json");
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).applied).toEqual(pending);
    expect(await count("uc_migrations")).toBe(pending.length);

    const again = await uc("migrate", "--dry-run");
    expect(again.stdout).toContain("no pending migrations");
  }, 180_000);

  it("settings set validates against the group's schema (nothing written on a bad value) and get reads it back", async () => {
    expectOneLineError(await uc("settings", "set", "carts", "isTaxInclusive=maybe"));
    expect(JSON.parse((await uc("settings", "get", "carts", "--json")).stdout)).toEqual({});

    const set = await uc("settings", "set", "carts", "isTaxInclusive=true", "--json");
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ isTaxInclusive: true });
    expect(JSON.parse((await uc("settings", "get", "--json")).stdout)).toMatchObject({
      carts: { isTaxInclusive: true },
    });
    expectOneLineError(await uc("settings", "get", "--org", "no-such-store"));
  }, 180_000);

  it("seed makes a demo store (50 products with variants, prices, stock, a customer, orders through checkout) once", async () => {
    const seeded = await uc("seed", "--orders", "3", "--json");
    expect(seeded.code, seeded.stderr).toBe(0);
    const summary = JSON.parse(seeded.stdout);
    expect(summary).toMatchObject({
      organizationId: "default",
      categories: 5,
      products: 50,
      customer: { email: "customer@example.com" },
    });
    expect(summary.variants).toBeGreaterThan(50);
    expect(summary.customer.password).toEqual(expect.any(String));
    expect(summary.owner).toMatchObject({ email: "owner@example.com", password: expect.any(String) });
    expect(summary.owner.password).not.toBe(summary.customer.password);
    expect(summary.orders).toHaveLength(3);
    expect(summary.orders[0].number).toMatch(/^ORD-\d{4}-\d{6}$/);

    expect(await count("catalog_entities", sql`status = 'active'`)).toBe(50);
    expect(await count("catalog_variants")).toBe(summary.variants);
    expect(await count("orders", sql`customer_id = ${summary.customer.id}`)).toBe(3);
    expect(await count("payment_intents")).toBe(3);
    expect(await count("auth_memberships", sql`role = 'customer' and organization_id = 'default'`)).toBe(1);
    expect(await count("auth_memberships", sql`role = 'owner' and organization_id = 'default'`)).toBe(1);
    // The checkout took the stock: 25 per item were put in, the orders' units are gone.
    const onHand = await inDatabase(async ({ db }) =>
      Number((await sql<{ n: string }>`select sum(on_hand)::text as n from inventory_levels`.execute(db)).rows[0]?.n),
    );
    expect(onHand).toBeLessThan(25 * summary.variants + 25 * 10);

    const before = await count("catalog_entities");
    expectOneLineError(await uc("seed"));
    expect(await count("catalog_entities")).toBe(before);
    expectOneLineError(await uc("seed", "--products", "0"));
  }, 300_000);

  it("jobs run fails a job whose task is unknown; failed lists it; retry moves it back once; another store cannot retry it", async () => {
    const id = randomUUID();
    await inDatabase(({ db }) =>
      sql`insert into jobs (id, organization_id, queue, task_slug) values (${id}, 'default', 'cli-test', 'demo/no-such-task')`.execute(
        db,
      ),
    );

    const run = await uc("jobs", "run", "--queue", "cli-test", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ queue: "cli-test", processed: 1, succeeded: 0, failed: 1, retried: 0 });

    const failed = JSON.parse((await uc("jobs", "failed", "--json")).stdout);
    expect(failed.jobs).toEqual([
      expect.objectContaining({ id, status: "failed", taskSlug: "demo/no-such-task", queue: "cli-test" }),
    ]);
    expect(failed.counts.failed).toBe(1);

    await uc("org", "create", "--name", "Other", "--id", "other-store");
    expectOneLineError(await uc("jobs", "retry", id, "--org", "other-store"));

    const retried = await uc("jobs", "retry", id, "--json");
    expect(retried.code, retried.stderr).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ id, status: "pending" });
    expectOneLineError(await uc("jobs", "retry", id));
    expect(JSON.parse((await uc("jobs", "list", "--queue", "cli-test", "--json")).stdout).counts).toEqual({
      pending: 1,
      processing: 0,
      succeeded: 0,
      failed: 0,
    });

    expectOneLineError(await uc("jobs", "list", "--status", "lost"));
  }, 180_000);

  it("answers usage errors with exit code 2", async () => {
    expectOneLineError(await uc("migrate", "--bogus"), 2);
    expect((await uc("jobs")).code).toBe(2);
  }, 60_000);
});
