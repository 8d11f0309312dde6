import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { router } from "./http/router.js";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "./testing/index.js";
import { startWebhookTestReceiver, type WebhookTestReceiver } from "./modules/webhooks/testing.js";
import { AppError } from "./kernel/app-error.js";
import { defineEvents, type EventPayloadsOf } from "./kernel/domain-events.js";
import { defineErrors, type ErrorCodesOf } from "./kernel/error-codes.js";
import { definePlugin, type Plugin, type PluginManifest } from "./kernel/plugin.js";
import { defineSettingsGroups, type SettingsGroupsOf } from "./kernel/settings-groups.js";

const payoutErrors = defineErrors({
  PAYOUT_ON_HOLD: { status: 423, message: "The payout is on hold" },
});

const payoutEvents = defineEvents({
  "marketplace.payout.paid": {
    description: "A vendor payout is paid",
    payload: z.object({ payoutId: z.string(), amount: z.number().int() }),
  },
});

const marketplaceSettings = defineSettingsGroups({
  marketplace: z.strictObject({
    commissionBps: z.number().int().min(0).max(10_000),
    payoutDay: z.enum(["monday", "friday"]),
  }),
});

declare module "./kernel/error-codes.js" {
  interface ErrorCodes extends ErrorCodesOf<typeof payoutErrors> {}
}
declare module "./kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof payoutEvents> {}
}
declare module "./kernel/settings-groups.js" {
  interface SettingsGroups extends SettingsGroupsOf<typeof marketplaceSettings> {}
}

/** A plugin as a third party writes one: its own error code, webhook event and settings group. */
function marketplacePlugin(): Plugin {
  return definePlugin({
    id: "marketplace",
    version: "1.0.0",
    permissions: [{ scope: "marketplace:manage", description: "Pay vendors" }],
    errors: payoutErrors,
    events: payoutEvents,
    settings: marketplaceSettings,
    routes: ({ database, events, services }) =>
      router("Marketplace", "/marketplace")
        .post("/payouts/:id/pay", { summary: "Pay a payout" })
        .permission("marketplace:manage")
        .output(z.object({ payoutId: z.string() }))
        .handler(async ({ params, organizationId, actor }) => {
          if (params.id === "held") throw new AppError("PAYOUT_ON_HOLD");
          await database.transaction((trx) =>
            events.emit(
              {
                organizationId,
                type: "marketplace.payout.paid",
                entityType: "payout",
                entityId: params.id,
                payload: { payoutId: params.id, amount: 1250 },
                actor,
              },
              { trx },
            ),
          );
          return { data: { payoutId: params.id } };
        })
        .get("/commission", { summary: "The commission, from the marketplace settings group" })
        .permission("marketplace:manage")
        .output(z.object({ commissionBps: z.number().int() }))
        .handler(async ({ organizationId }) => {
          const { commissionBps } = await services.settings.get(organizationId, "marketplace");
          return { data: { commissionBps: commissionBps ?? 0 } };
        })
        .build(),
  });
}

const manifestPlugin = (manifest: Omit<PluginManifest, "version">): Plugin =>
  definePlugin({ version: "1.0.0", ...manifest });

describe("error codes a plugin declares", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [marketplacePlugin()] } });
  });
  afterAll(() => t.close());

  it("gives an AppError its status wherever it is made, without a kernel", () => {
    expect(new AppError("PAYOUT_ON_HOLD")).toMatchObject({ status: 423, message: "The payout is on hold" });
  });

  it("answers a declared code thrown by a route with its status, code and message", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/marketplace/payouts/held/pay",
      headers: jsonHeaders(testAdminActor),
    });
    expect(response.statusCode).toBe(423);
    expect(response.json()).toEqual({ error: { code: "PAYOUT_ON_HOLD", message: "The payout is on hold" } });
  });

  it("lists every code, the generic ones and the plugin's, in the OpenAPI document", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    expect(document["x-error-codes"]).toMatchObject({
      NOT_FOUND: { status: 404, message: "Resource not found", module: "kernel" },
      PAYOUT_ON_HOLD: { status: 423, message: "The payout is on hold", module: "marketplace" },
    });
    // Declared by the auth package's manifest: absent from a server without it.
    expect(document["x-error-codes"]).not.toHaveProperty("TWO_FACTOR_REQUIRED");
  });
});

describe("registries refuse to boot on a name declared twice", () => {
  const boot = (plugins: Plugin[]) => createTestApp({ config: { plugins } });

  it("refuses an error code two plugins declare, naming both", async () => {
    const first = manifestPlugin({ id: "first", errors: { SHARED_CODE: { status: 409, message: "first" } } });
    const second = manifestPlugin({ id: "second", errors: { SHARED_CODE: { status: 409, message: "first" } } });
    await expect(boot([first, second])).rejects.toThrow(
      'Error code "SHARED_CODE" is declared by plugin "second" and already by plugin "first"',
    );
  });

  it("refuses a plugin redeclaring a generic code, and a status that is not an error", async () => {
    await expect(
      boot([manifestPlugin({ id: "greedy", errors: { NOT_FOUND: { status: 410, message: "gone" } } })]),
    ).rejects.toThrow(
      'Error code "NOT_FOUND" is declared by plugin "greedy" and already by the kernel (a generic code)',
    );
    await expect(
      boot([manifestPlugin({ id: "cheerful", errors: { ALL_GOOD: { status: 200, message: "fine" } } })]),
    ).rejects.toThrow("an error answers 400 to 599");
  });

  it("refuses a webhook event or a settings group declared twice", async () => {
    await expect(
      boot([manifestPlugin({ id: "echo", events: { "catalog.create": { description: "again" } } })]),
    ).rejects.toThrow('Event "catalog.create" is declared by plugin "echo" and already by plugin "catalog"');
    await expect(
      boot([manifestPlugin({ id: "rival", settings: { general: z.object({ currency: z.string() }) } })]),
    ).rejects.toThrow('Settings group "general" is declared by plugin "rival" and already by plugin "settings"');
  });
});

describe("webhook events a plugin declares", () => {
  let t: TestApp;
  let receiver: WebhookTestReceiver;
  const manager = jsonHeaders(testAdminActor);
  const endpointCount = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from webhook_endpoints`.execute(t.db)).rows[0]?.count;

  beforeAll(async () => {
    receiver = await startWebhookTestReceiver();
    t = await createTestApp({ config: { plugins: [marketplacePlugin()] } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("lets an endpoint subscribe to the plugin's event and delivers it", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: manager,
      payload: { url: receiver.url, events: ["marketplace.payout.paid"] },
    });
    expect(created.statusCode).toBe(201);

    const paid = await t.app.inject({ method: "POST", url: "/api/marketplace/payouts/p-1/pay", headers: manager });
    expect(paid.statusCode).toBe(200);
    await t.kernel.services.jobs.run({ queue: "default", limit: 50 });

    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({
      type: "marketplace.payout.paid",
      data: { id: "p-1", entityType: "payout", payoutId: "p-1", amount: 1250 },
    });
  });

  it("refuses an event nobody declared with 422 listing the declared ones, writing nothing", async () => {
    const before = await endpointCount();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: manager,
      payload: { url: receiver.url, events: ["marketplace.payout.lost"] },
    });
    expect(response.statusCode).toBe(422);
    const { error } = response.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toContain('"marketplace.payout.lost" is not declared');
    expect(error.message).toContain("marketplace.payout.paid");
    expect(error.message).toContain("orders.create");
    expect(await endpointCount()).toBe(before);
  });

  it("documents the declared events in the endpoint body schema", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    const body = document.paths["/api/webhooks"].post.requestBody.content["application/json"].schema;
    expect(body.properties.events.items.enum).toEqual(
      expect.arrayContaining(["marketplace.payout.paid", "catalog.create", "cart.afterAddItem"]),
    );
  });
});

describe("settings groups a plugin declares", () => {
  let t: TestApp;
  const headers = jsonHeaders(testAdminActor);
  const storedGroup = async () =>
    (
      await sql<{
        count: number;
      }>`select count(*)::int as count from settings_groups where group_name = 'marketplace'`.execute(t.db)
    ).rows[0]?.count;

  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [marketplacePlugin()] } });
  });
  afterAll(() => t.close());

  it("validates the group like a built-in one: 422 naming the field, nothing written", async () => {
    const tooHigh = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/marketplace",
      headers,
      payload: { commissionBps: 20_000 },
    });
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json().error.issues).toEqual([expect.objectContaining({ path: "body.commissionBps" })]);
    const unknownKey = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/marketplace",
      headers,
      payload: { payoutDay: "friday", comission: 5 },
    });
    expect(unknownKey.statusCode).toBe(422);
    expect(await storedGroup()).toBe(0);
  });

  it("stores a valid patch and reads it back typed through services.settings.get", async () => {
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/marketplace",
      headers,
      payload: { commissionBps: 1_500, payoutDay: "friday" },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toEqual({ commissionBps: 1_500, payoutDay: "friday" });
    const commission = await t.app.inject({ url: "/api/marketplace/commission", headers });
    expect(commission.json().data).toEqual({ commissionBps: 1_500 });
  });

  it("keeps accepting any object for a group nobody declared", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/settings/notes",
      headers,
      payload: { anything: { nested: [1, 2] } },
    });
    expect(response.statusCode).toBe(200);
  });
});
