/** src/plugins/greetings-plugin.ts: a plugin written against plugin-sdk only, to copy from. */
export const greetingsPluginFile = `import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError, definePlugin, router, tenantScope, type Plugin, type Timestamp } from "@unified-commerce/plugin-sdk";

type GreetingsTables = {
  greetings: { id: string; organizationId: string; name: string; message: string; createdAt: Timestamp };
};

const greetingSchema = z.object({ id: z.uuid(), name: z.string(), message: z.string() });

/**
 * A sample plugin: one table (its own migration), two routes with their permissions, and an event, all
 * through @unified-commerce/plugin-sdk. Rename it, or delete it and its line in commerce.config.ts.
 * Moved into a package of its own, it lists @unified-commerce/core and @unified-commerce/plugin-sdk as
 * peerDependencies, not dependencies: the store installs one copy of each, and core refuses to boot with two.
 */
export function greetingsPlugin(options: { template?: string } = {}): Plugin {
  const template = options.template ?? "Hello, {name}!";
  return definePlugin({
    id: "greetings",
    version: "1.0.0",
    permissions: [
      { scope: "greetings:read", description: "Read greetings" },
      { scope: "greetings:create", description: "Create greetings" },
    ],
    schema: {
      migrations: [
        {
          name: "0001_greetings",
          async up(db) {
            await db.schema
              .createTable("greetings")
              .addColumn("id", "uuid", (col) => col.primaryKey())
              .addColumn("organization_id", "text", (col) => col.notNull())
              .addColumn("name", "text", (col) => col.notNull())
              .addColumn("message", "text", (col) => col.notNull())
              .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(db.fn("now")))
              .execute();
          },
        },
      ],
    },
    routes: ({ database }) =>
      router("Greetings", "/greetings")
        .post("/", { summary: "Greet someone" })
        .permission("greetings:create")
        .input(z.object({ name: z.string().trim().min(1).max(80) }))
        .output(greetingSchema)
        .status(201)
        .handler(async ({ input, organizationId }) => {
          const row = { id: randomUUID(), name: input.name, message: template.replace("{name}", input.name) };
          // tenantScope adds the organization to every statement: another store's rows stay invisible.
          await tenantScope(database.db.withTables<GreetingsTables>(), organizationId).insertInto("greetings", row).execute();
          return { data: row };
        })
        .get("/:id", { summary: "Read a greeting" })
        .permission("greetings:read")
        .params(z.object({ id: z.uuid() }))
        .output(greetingSchema)
        .handler(async ({ params, organizationId }) => {
          const row = await tenantScope(database.db.withTables<GreetingsTables>(), organizationId)
            .selectFrom("greetings")
            .select(["id", "name", "message"])
            .where("id", "=", params.id)
            .executeTakeFirst();
          if (!row) throw AppError.notFound("Greeting");
          return { data: row };
        })
        .build(),
  });
}
`;

/** src/plugins/greetings-plugin.test.ts: the plugin on the real kernel and a fresh database, through HTTP. */
export const greetingsTestFile = `import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, createTestActor, jsonHeaders, testAdminActor, testNoPermActor, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { greetingsPlugin } from "./greetings-plugin.js";

describe("greetings plugin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPluginTestApp(greetingsPlugin({ template: "Welcome, {name}." }));
  });
  afterAll(() => t.close());

  it("greets and reads the greeting back", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/greetings", headers: jsonHeaders(testAdminActor), payload: { name: "Ada" } });
    expect(created.statusCode).toBe(201);
    const { data } = created.json<{ data: { id: string; message: string } }>();
    expect(data.message).toBe("Welcome, Ada.");
    const read = await t.app.inject({ url: \`/api/greetings/\${data.id}\`, headers: jsonHeaders(createTestActor({ permissions: ["greetings:read"] })) });
    expect(read.json().data).toEqual({ id: data.id, name: "Ada", message: "Welcome, Ada." });
  });

  it("refuses an empty name with a validation error", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/greetings", headers: jsonHeaders(testAdminActor), payload: { name: " " } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("needs its permission", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/greetings", headers: jsonHeaders(testNoPermActor), payload: { name: "Eve" } });
    expect(response.statusCode).toBe(403);
  });

  it("hides another store's greetings", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/greetings", headers: jsonHeaders(testAdminActor), payload: { name: "Grace" } });
    const otherStore = createTestActor({ permissions: ["*:*"], organizationId: "another-store" });
    const response = await t.app.inject({ url: \`/api/greetings/\${created.json().data.id}\`, headers: jsonHeaders(otherStore) });
    expect(response.statusCode).toBe(404);
  });
});
`;
