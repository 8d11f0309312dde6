import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import { defineErrors, type ErrorCodesOf } from "../../kernel/error-codes.js";
import { defineHook } from "../../kernel/hook-runner.js";
import { definePlugin, type Plugin } from "../../kernel/plugin.js";
import { createTestApp, testAdminActor, type TestApp } from "../../testing/index.js";
import { call } from "./catalog-test-helpers.js";

/**
 * The catalog's hook points driven through HTTP by small plugins: a guard (normalises titles, refuses,
 * crashes, writes in the change's transaction, reacts after commit) and two plugins that record their
 * order. Each behaviour is picked by the slug's prefix, so the tests stay independent.
 */

const guardErrors = defineErrors({ TITLE_REQUIRED: { status: 422, message: "A title is required" } });

declare module "../../kernel/error-codes.js" {
  interface ErrorCodes extends ErrorCodesOf<typeof guardErrors> {}
}

type HookLogTables = { hookLog: { id: string; organizationId: string; note: string } };

const afterCreates: { slug: string; isCommitted: boolean }[] = [];
const order: string[] = [];

const normaliseTitle = (title: string) =>
  title
    .trim()
    .replace(/\s+/g, " ")
    .replace(/^./, (first) => first.toUpperCase());

const guardPlugin: Plugin = definePlugin({
  id: "catalog-guard",
  version: "1.0.0",
  dependencies: ["catalog"],
  errors: guardErrors,
  schema: {
    migrations: [
      {
        name: "0001_hook_log",
        async up(db) {
          await db.schema
            .createTable("hook_log")
            .addColumn("id", "uuid", (col) => col.primaryKey())
            .addColumn("organization_id", "text", (col) => col.notNull())
            .addColumn("note", "text", (col) => col.notNull())
            .execute();
        },
      },
    ],
  },
  hooks: [
    defineHook("catalog.beforeCreate", async ({ input }, { trx, organizationId }) => {
      // Written on the change's transaction: it commits or rolls back with the entity.
      await tenantScope(trx.withTables<HookLogTables>(), organizationId)
        .insertInto("hookLog", { id: randomUUID(), note: `create ${input.slug}` })
        .execute();
      if (input.slug.startsWith("crash-")) throw new Error("the guard fell over");
      const title = input.attributes?.en?.title;
      if (input.slug.startsWith("titled-") && !title)
        throw new AppError("TITLE_REQUIRED", { message: `${input.slug} needs an en title` });
      if (!title) return undefined;
      return {
        input: {
          ...input,
          attributes: { ...input.attributes, en: { ...input.attributes?.en, title: normaliseTitle(title) } },
        },
      };
    }),
    defineHook("catalog.beforeUpdate", ({ entity, input }) => {
      if (input.status === "active" && entity.metadata.needsReview === true)
        throw AppError.forbidden(`${entity.slug} waits for review`);
    }),
    defineHook("catalog.beforeDelete", ({ entity }) => {
      if (entity.metadata.isLocked === true) throw AppError.forbidden(`${entity.slug} is locked`);
    }),
    defineHook("catalog.afterCreate", async ({ entity }, { services, organizationId }) => {
      // Read on the pool: only a committed row is visible there.
      const committed = await services.catalog.existingEntityIds(organizationId, [entity.id]);
      afterCreates.push({ slug: entity.slug, isCommitted: committed.has(entity.id) });
      if (entity.slug.startsWith("mailer-down-")) throw new Error("mailer down");
    }),
  ],
});

/** Appends its name to `metadata.trail` before an update and to `order` after it. */
const trailPlugin = (name: string): Plugin =>
  definePlugin({
    id: `trail-${name}`,
    version: "1.0.0",
    dependencies: ["catalog"],
    hooks: [
      defineHook("catalog.beforeUpdate", ({ entity, input }) => {
        if (!entity.slug.startsWith("trail-")) return undefined;
        const trail = Array.isArray(input.metadata?.trail) ? input.metadata.trail : [];
        return { entity, input: { ...input, metadata: { ...input.metadata, trail: [...trail, name] } } };
      }),
      defineHook("catalog.afterUpdate", ({ entity }) => {
        if (entity.slug.startsWith("trail-")) order.push(name);
      }),
      defineHook("catalog.afterDelete", ({ entity }) => {
        if (entity.slug.startsWith("trail-")) order.push(`${name} deleted`);
      }),
    ],
  });

describe("catalog hooks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [guardPlugin, trailPlugin("first"), trailPlugin("second")] } });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    afterCreates.length = 0;
    order.length = 0;
  });

  const create = (body: Record<string, unknown>) =>
    call(t.app, "POST", "/api/catalog/entities", { body: { type: "product", ...body } });
  const count = async (query: ReturnType<typeof sql<{ count: number }>>) => (await query.execute(t.db)).rows[0]?.count;
  /** What a create of `slug` left behind: the entity, its events and audit entries, the guard's log rows. */
  const tracesOf = async (slug: string) => ({
    entities: await count(sql`select count(*)::int as count from catalog_entities where slug = ${slug}`),
    events: await count(
      sql`select count(*)::int as count from domain_events where payload -> 'after' ->> 'slug' = ${slug}`,
    ),
    audit: await count(
      sql`select count(*)::int as count from audit_entries where changes -> 'after' ->> 'slug' = ${slug}`,
    ),
    hookLog: await count(sql`select count(*)::int as count from hook_log where note = ${`create ${slug}`}`),
  });

  it("lets a before-hook change the input: the title is stored normalised", async () => {
    const created = await create({ slug: "normalised", attributes: { en: { title: "  a   red  shirt " } } });
    expect(created.status).toBe(201);
    const read = await call(t.app, "GET", `/api/catalog/entities/${created.body.data.id}?include=attributes`);
    expect(read.body.data.attributes.en.title).toBe("A red shirt");
    expect(await tracesOf("normalised")).toEqual({ entities: 1, events: 1, audit: 1, hookLog: 1 });
  });

  it("answers a before-hook's refusal with its code and message, and writes nothing, not even the hook's own row", async () => {
    const refused = await create({ slug: "titled-nothing" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: "TITLE_REQUIRED", message: "titled-nothing needs an en title" });
    expect(await tracesOf("titled-nothing")).toEqual({ entities: 0, events: 0, audit: 0, hookLog: 0 });
    expect(afterCreates).toEqual([]);
  });

  it("answers a crashing before-hook with a 500 naming the request, never as an approval, and writes nothing", async () => {
    const crashed = await create({ slug: "crash-test" });
    expect(crashed.status).toBe(500);
    expect(crashed.body.error.code).toBe("INTERNAL_ERROR");
    expect(crashed.body.error.message).toContain(crashed.headers["x-request-id"]);
    expect(crashed.body.error.message).not.toContain("fell over");
    expect(await tracesOf("crash-test")).toEqual({ entities: 0, events: 0, audit: 0, hookLog: 0 });
  });

  it("rolls back what a before-hook wrote when a later step of the change fails", async () => {
    expect((await create({ slug: "taken" })).status).toBe(201);
    const duplicate = await create({ slug: "taken" });
    expect(duplicate.status).toBe(409);
    // The first create's row only: the duplicate's hook wrote one in its transaction, rolled back.
    expect(await tracesOf("taken")).toMatchObject({ entities: 1, hookLog: 1 });
  });

  it("runs after-hooks once the change has committed", async () => {
    await create({ slug: "after-commit" });
    expect(afterCreates).toEqual([{ slug: "after-commit", isCommitted: true }]);
  });

  it("answers 201 with meta.hookErrors when an after-hook fails; the entity stays", async () => {
    const created = await create({ slug: "mailer-down-1" });
    expect(created.status).toBe(201);
    expect(created.body.meta).toEqual({ hookErrors: [{ key: "catalog.afterCreate", message: "mailer down" }] });
    expect((await call(t.app, "GET", `/api/catalog/entities/${created.body.data.id}`)).status).toBe(200);
    const clean = await create({ slug: "mailer-up" });
    expect(clean.body.meta).toBeUndefined();
  });

  it("runs the handlers of two plugins in plugin order, each on the payload the previous one answered", async () => {
    const id = (await create({ slug: "trail-entity" })).body.data.id;
    const updated = await call(t.app, "PATCH", `/api/catalog/entities/${id}`, {
      body: { metadata: { trail: ["client"] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.metadata.trail).toEqual(["client", "first", "second"]);
    expect(order).toEqual(["first", "second"]);

    expect((await call(t.app, "DELETE", `/api/catalog/entities/${id}`)).status).toBe(200);
    expect(order).toEqual(["first", "second", "first deleted", "second deleted"]);
  });

  it("lets a before-hook refuse a status move and a delete; the entity stays as it was", async () => {
    const id = (await create({ slug: "under-review", metadata: { needsReview: true, isLocked: true } })).body.data.id;
    const publish = await call(t.app, "POST", `/api/catalog/entities/${id}/publish`);
    expect(publish.status).toBe(403);
    expect(publish.body.error).toEqual({ code: "FORBIDDEN", message: "under-review waits for review" });
    const deleted = await call(t.app, "DELETE", `/api/catalog/entities/${id}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.message).toBe("under-review is locked");
    expect((await call(t.app, "GET", `/api/catalog/entities/${id}`)).body.data.status).toBe("draft");
  });

  it("defers after-hooks to the commit of a caller's transaction, and runs none when it rolls back", async () => {
    const { catalog } = t.kernel.services;
    const input = (slug: string) => ({ type: "product", slug });

    const { hookErrors } = await t.kernel.database.transactionWithHookErrors(async (trx) => {
      const { result, hookErrors: joined } = await catalog.createEntity(
        "default",
        input("mailer-down-joined"),
        testAdminActor,
        { trx },
      );
      expect(result.slug).toBe("mailer-down-joined");
      // Joined: the hooks belong to the caller's commit, which has not happened yet.
      expect(joined).toEqual([]);
      expect(afterCreates).toEqual([]);
    });
    expect(afterCreates).toEqual([{ slug: "mailer-down-joined", isCommitted: true }]);
    expect(hookErrors).toEqual([{ key: "catalog.afterCreate", message: "mailer down" }]);

    await expect(
      t.kernel.database.transaction(async (trx) => {
        await catalog.createEntity("default", input("rolled-back"), testAdminActor, { trx });
        throw new Error("the caller changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(afterCreates).toEqual([{ slug: "mailer-down-joined", isCommitted: true }]);
    expect(await tracesOf("rolled-back")).toEqual({ entities: 0, events: 0, audit: 0, hookLog: 0 });
  });
});
