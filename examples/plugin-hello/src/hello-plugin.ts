import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError, definePlugin, defineHook, router, tenantScope, type Plugin, type Timestamp } from "@unified-commerce/plugin-sdk";

type HelloTables = {
  helloGreetings: { id: string; organizationId: string; name: string; message: string; createdAt: Timestamp };
};

export interface HelloOptions {
  /** Greeting template; `{name}` is replaced. @default "Hello, {name}!" */
  template?: string;
  /** Names that may not be greeted (a before-hook refuses them). @default [] */
  blockedNames?: readonly string[];
}

declare module "@unified-commerce/plugin-sdk" {
  interface HookPayloads {
    /** Before a greeting is stored: a handler may change the name or refuse it. */
    "hello.beforeCreate": { name: string };
  }
}

const greetingSchema = z.object({ id: z.uuid(), name: z.string(), message: z.string() });

/** The plugin of the README: one table, one hook, two routes with permissions. */
export function helloPlugin(options: HelloOptions = {}): Plugin {
  const template = options.template ?? "Hello, {name}!";
  const blocked = new Set((options.blockedNames ?? []).map((name) => name.toLowerCase()));

  return definePlugin({
    id: "hello",
    version: "1.0.0",
    permissions: [
      { scope: "hello:read", description: "Read greetings" },
      { scope: "hello:create", description: "Create greetings" },
    ],
    schema: {
      migrations: [
        {
          name: "0001_hello_greetings",
          async up(db) {
            await db.schema
              .createTable("hello_greetings")
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
    hooks: [
      defineHook("hello.beforeCreate", ({ name }) => {
        if (blocked.has(name.toLowerCase())) throw new AppError("FORBIDDEN", { message: `Greeting ${name} is not allowed` });
      }),
    ],
    routes: ({ database, hooks, services }) =>
      router("Hello", "/hello")
        .post("/", { summary: "Greet someone" })
        .permission("hello:create")
        .input(z.object({ name: z.string().trim().min(1).max(80) }))
        .output(greetingSchema)
        .status(201)
        .handler(async ({ input, actor, organizationId }) => ({
          data: await database.transaction(async (trx) => {
            const { name } = await hooks.runBefore("hello.beforeCreate", input, { organizationId, actor, services, trx });
            const row = { id: randomUUID(), name, message: template.replace("{name}", name) };
            await tenantScope(trx.withTables<HelloTables>(), organizationId).insertInto("helloGreetings", row).execute();
            return row;
          }),
        }))
        .get("/:id", { summary: "Read a greeting" })
        .permission("hello:read")
        .params(z.object({ id: z.uuid() }))
        .output(greetingSchema)
        .handler(async ({ params, organizationId }) => {
          const row = await tenantScope(database.db.withTables<HelloTables>(), organizationId)
            .selectFrom("helloGreetings")
            .select(["id", "name", "message"])
            .where("id", "=", params.id)
            .executeTakeFirst();
          if (!row) throw AppError.notFound("Greeting");
          return { data: row };
        })
        .build(),
  });
}
