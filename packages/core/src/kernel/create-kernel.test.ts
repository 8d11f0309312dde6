import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKernel } from "../create-kernel.js";
import type { Kernel } from "./create-kernel.js";
import { definePlugin, type Plugin } from "./plugin.js";
import { AppError } from "./app-error.js";
import { createTestDatabase } from "../testing/test-database.js";
import { greetingsPlugin } from "../testing/fixtures/greetings-plugin.js";

const quiet = { logLevel: "silent" } as const;

declare module "./hook-runner.js" {
  interface HookPayloads {
    "greetings.afterCreate": Record<string, never>;
    "greetings.beforeCreate": { total: number };
  }
}

async function bootWith(plugins: Plugin[]): Promise<Kernel> {
  return createKernel({ ...quiet, plugins }, { database: await createTestDatabase() });
}

describe("plugins", () => {
  it("applies plugins in the order listed, each seeing the previous one's result", async () => {
    const seen: string[][] = [];
    const recordingPlugin =
      (id: string): Plugin =>
      (config) => {
        seen.push((config.modules ?? []).map((module) => module.id));
        return definePlugin({ id, version: "1.0.0" })(config);
      };
    const kernel = await bootWith([recordingPlugin("first"), recordingPlugin("second")]);
    await kernel.close();
    const builtIn = seen[0] ?? [];
    expect(builtIn[0]).toBe("core");
    expect(seen[1]).toEqual([...builtIn, "first"]);
    expect(kernel.modules.map((module) => module.id)).toEqual([...builtIn, "first", "second"]);
  });

  it("fails boot on a duplicate plugin id", async () => {
    const plugin = definePlugin({ id: "twice", version: "1.0.0" });
    await expect(bootWith([plugin, plugin])).rejects.toThrow('Plugin id "twice" is registered twice');
  });

  it("fails boot when a dependency is missing or listed after the plugin", async () => {
    const needsBase = definePlugin({ id: "needs-base", version: "1.0.0", dependencies: ["base"] });
    const base = definePlugin({ id: "base", version: "1.0.0" });
    await expect(bootWith([needsBase])).rejects.toThrow('depends on "base", which is not installed');
    await expect(bootWith([needsBase, base])).rejects.toThrow("must be listed before it");
    const kernel = await bootWith([base, needsBase]);
    await kernel.close();
  });

  it("fails boot when the removed devKey options are configured", async () => {
    await expect(createKernel({ ...quiet, auth: { devKey: "x" } })).rejects.toThrow("auth.devKey was removed");
    await expect(createKernel({ ...quiet, auth: { enableDevKey: true } })).rejects.toThrow(
      "auth.enableDevKey was removed",
    );
  });

  it("merges API-key scopes with the user's configuration winning", async () => {
    const plugin = definePlugin({
      id: "scoped",
      version: "1.0.0",
      apiKeyScopes: {
        pos: { prefix: "uc_pos_", description: "from plugin", permissions: { pos: ["operate"] } },
        other: { prefix: "uc_o_", description: "plugin only", permissions: {} },
      },
    });
    const kernel = await createKernel(
      {
        ...quiet,
        plugins: [plugin],
        auth: { apiKeyScopes: { pos: { prefix: "uc_mine_", description: "mine", permissions: {} } } },
      },
      { database: await createTestDatabase() },
    );
    await kernel.close();
    expect(kernel.apiKeyScopes.pos?.prefix).toBe("uc_mine_");
    expect(kernel.apiKeyScopes.other?.description).toBe("plugin only");
  });
});

describe("hooks and events", () => {
  let kernel: Kernel;
  const calls: string[] = [];
  beforeAll(async () => {
    const plugin = definePlugin({
      id: "hooked",
      version: "1.0.0",
      hooks: [
        { key: "greetings.afterCreate", handler: () => void calls.push("first") },
        {
          key: "greetings.afterCreate",
          handler: () => {
            throw new Error("mailer down");
          },
        },
        { key: "greetings.afterCreate", handler: () => void calls.push("third") },
        {
          key: "greetings.beforeCreate",
          handler: (payload: { total: number }) => {
            if (payload.total > 100) throw new AppError("CHECKOUT_FAILED", { message: "too expensive" });
          },
        },
      ],
      subscribers: [
        {
          event: "greetings.create",
          async handler(event, { trx }) {
            await sql`insert into organizations (id, name) values (${`sub-${event.entityId}`}, 'from subscriber')`.execute(
              trx,
            );
          },
        },
      ],
    });
    kernel = await bootWith([plugin]);
  });
  afterAll(() => kernel.close());

  const context = () => ({ organizationId: "default", actor: null, services: kernel.services });

  it("appends handlers per key and collects after-hook failures without throwing", async () => {
    const errors = await kernel.hooks.runAfter("greetings.afterCreate", {}, context());
    expect(calls).toEqual(["first", "third"]);
    expect(errors).toEqual([{ key: "greetings.afterCreate", message: "mailer down" }]);
  });

  it("lets a before-hook abort with a coded error", async () => {
    const runBefore = (total: number) =>
      kernel.database.transaction((trx) =>
        kernel.hooks.runBefore("greetings.beforeCreate", { total }, { ...context(), trx }),
      );
    await expect(runBefore(500)).rejects.toMatchObject({ code: "CHECKOUT_FAILED" });
    // A handler that returns nothing keeps the payload, which runBefore answers.
    await expect(runBefore(5)).resolves.toEqual({ total: 5 });
  });

  it("stores an event and its subscribers' writes with the transaction, and nothing when it rolls back", async () => {
    const emit = (entityId: string) =>
      kernel.database.transaction(async (trx) => {
        await kernel.events.emit(
          {
            organizationId: "default",
            type: "greetings.create",
            entityType: "greeting",
            entityId,
            payload: { text: "hi" },
            actor: null,
          },
          { trx },
        );
        if (entityId === "rolled-back") throw new Error("abort");
      });
    await emit("kept");
    await expect(emit("rolled-back")).rejects.toThrow("abort");

    const events = await kernel.database.db.selectFrom("domainEvents").select(["entityId", "payload"]).execute();
    expect(events).toEqual([{ entityId: "kept", payload: { text: "hi" } }]);
    const organizations = await kernel.database.db
      .selectFrom("organizations")
      .select("id")
      .where("id", "like", "sub-%")
      .execute();
    expect(organizations.map((row) => row.id)).toEqual(["sub-kept"]);
  });
});

describe("embedded database", () => {
  it("keeps data written before a restart", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "uc-restart-"));
    try {
      const config = { ...quiet, database: { dataDir }, plugins: [greetingsPlugin()] };
      const first = await createKernel(config);
      expect(first.database.dialect).toBe("pglite");
      await sql`insert into greetings (id, organization_id, text) values (gen_random_uuid(), 'default', 'persisted')`.execute(
        first.database.db,
      );
      await first.close();

      const second = await createKernel(config);
      const rows = await sql<{ text: string }>`select text from greetings`.execute(second.database.db);
      await second.close();
      expect(rows.rows).toEqual([{ text: "persisted" }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two boots of the embedded database on disk, each migrating every module: past 30 s on a busy CI machine.
  }, 120_000);
});
