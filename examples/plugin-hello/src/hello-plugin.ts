import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  AppError,
  definePlugin,
  defineHook,
  router,
  tenantScope,
  type Plugin,
  type Timestamp,
} from "@unified-commerce/plugin-sdk";
import { helloErrors, helloEvents, helloSettings } from "./hello-declarations.js";

type HelloTables = {
  helloGreetings: { id: string; organizationId: string; name: string; message: string; createdAt: Timestamp };
};

export interface HelloOptions {
  /** Greeting template; `{name}` is replaced. The store's `hello.template` setting wins. @default "Hello, {name}!" */
  template?: string;
  /** Names that may not be greeted (a before-hook refuses them with `GREETING_BLOCKED`). @default [] */
  blockedNames?: readonly string[];
}

const greetingSchema = z.object({ id: z.uuid(), name: z.string(), message: z.string() });

const entityGreetingSchema = z.object({ entityId: z.string(), available: z.number().int(), message: z.string() });

/**
 * The plugin of the README, written against `@unified-commerce/plugin-sdk` only: one table, a hook, an
 * error code, an event, a settings group, and routes that read the catalog and inventory services.
 */
export function helloPlugin(options: HelloOptions = {}): Plugin {
  const defaultTemplate = options.template ?? "Hello, {name}!";
  const blocked = new Set((options.blockedNames ?? []).map((name) => name.toLowerCase()));

  return definePlugin({
    id: "hello",
    version: "1.0.0",
    dependencies: ["catalog", "inventory", "settings"],
    permissions: [
      { scope: "hello:read", description: "Read greetings" },
      { scope: "hello:create", description: "Create greetings" },
    ],
    errors: helloErrors,
    events: helloEvents,
    settings: helloSettings,
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
        if (blocked.has(name.toLowerCase()))
          throw new AppError("GREETING_BLOCKED", { message: `Greeting ${name} is not allowed` });
      }),
    ],
    routes: ({ database, events, hooks, services }) =>
      router("Hello", "/hello")
        .post("/", {
          summary: "Greet someone",
          description: "Runs `hello.beforeCreate`, stores the greeting and emits `hello.greeted`, in one transaction.",
        })
        .permission("hello:create")
        .input(z.object({ name: z.string().trim().min(1).max(80) }))
        .output(greetingSchema)
        .status(201)
        .handler(async ({ input, actor, organizationId }) => ({
          data: await database.transaction(async (trx) => {
            const { name } = await hooks.runBefore("hello.beforeCreate", input, {
              organizationId,
              actor,
              services,
              trx,
            });
            const settings = await services.settings.get(organizationId, "hello", { trx });
            const row = {
              id: randomUUID(),
              name,
              message: (settings.template ?? defaultTemplate).replace("{name}", name),
            };
            await tenantScope(trx.withTables<HelloTables>(), organizationId)
              .insertInto("helloGreetings", row)
              .execute();
            await events.emit(
              {
                organizationId,
                type: "hello.greeted",
                entityType: "greeting",
                entityId: row.id,
                payload: { name, message: row.message },
                actor,
              },
              { trx },
            );
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
        .get("/entities/:idOrSlug", {
          summary: "Greet a catalog entity",
          description: "Its English title (or slug) and the stock available, from the catalog and inventory services.",
        })
        .permission("hello:read", "catalog:read", "inventory:read")
        .output(entityGreetingSchema)
        .handler(async ({ params, actor, organizationId }) => {
          const entity = await services.catalog.getEntity(organizationId, params.idOrSlug, {
            actor,
            include: ["attributes"],
          });
          const [[stock], settings] = await Promise.all([
            services.inventory.check(organizationId, [entity.id]),
            services.settings.get(organizationId, "hello"),
          ]);
          const available = stock?.available ?? 0;
          const name = entity.attributes?.["en"]?.title ?? entity.slug;
          return {
            data: {
              entityId: entity.id,
              available,
              message: `${(settings.template ?? defaultTemplate).replace("{name}", name)} ${available} in stock.`,
            },
          };
        })
        .build(),
  });
}
