import type { Transaction } from "kysely";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { CoreTables } from "./db/core-tables.js";
import type { JobsService } from "./modules/jobs/index.js";
import type { SettingsService } from "./modules/settings/index.js";
import { AppError } from "./kernel/app-error.js";
import type { ErrorCode } from "./kernel/error-codes.js";
import type { EventBus, EventSubscriber } from "./kernel/event-bus.js";
import { defineTask } from "./kernel/kernel-task.js";

// What `pnpm typecheck` proves here: each `@ts-expect-error` line must fail to compile, and each
// `expectTypeOf` must hold. The functions are compiled, never called.

declare module "./kernel/kernel-task.js" {
  interface TaskInputs {
    "typing/recount": { sku: string; quantity: number };
  }
}

declare module "./kernel/domain-events.js" {
  interface DomainEvents {
    "typing.counted": { count: number };
  }
}

describe("registries are typed by declaration", () => {
  it("accepts only declared error codes in AppError", () => {
    const make = () => {
      expectTypeOf<"NOT_FOUND" | "CHECKOUT_FAILED">().toExtend<ErrorCode>();
      // @ts-expect-error: a code nobody declared
      return new AppError("NEVER_DECLARED_CODE");
    };
    expect(make).toBeTypeOf("function");
  });

  it("checks enqueue's input against the slug's declaration, and leaves undeclared slugs unknown", () => {
    const enqueue = async (jobs: JobsService, trx: Transaction<CoreTables>) => {
      await jobs.enqueue("typing/recount", { sku: "tee", quantity: 2 }, { organizationId: "default", trx });
      await jobs.enqueue("webhooks/deliver", { deliveryId: "d-1" }, { organizationId: "default" });
      // @ts-expect-error: quantity must be a number
      await jobs.enqueue("typing/recount", { sku: "tee", quantity: "2" }, { organizationId: "default" });
      // @ts-expect-error: the organization is required
      await jobs.enqueue("typing/recount", { sku: "tee", quantity: 2 }, {});
      await jobs.enqueue("undeclared/slug", ["anything"], { organizationId: "default" });
    };
    expect(enqueue).toBeTypeOf("function");
  });

  it("types a task handler's input by its slug", () => {
    const define = () => [
      defineTask({
        slug: "typing/recount",
        handler: (input) => {
          expectTypeOf(input).toEqualTypeOf<{ sku: string; quantity: number }>();
          return input.quantity;
        },
      }),
      defineTask({
        slug: "typing/recount",
        // @ts-expect-error: the handler expects another input than the slug declares
        handler: (input: { sku: number }) => input.sku,
      }),
    ];
    expect(define).toBeTypeOf("function");
  });

  it("accepts only declared event names in emit and subscribers, with their payloads", () => {
    const emit = async (events: EventBus, trx: Transaction<CoreTables>) => {
      const base = { organizationId: "default", entityType: "count", entityId: "c-1", actor: null };
      const event = await events.emit({ ...base, type: "typing.counted", payload: { count: 3 } }, { trx });
      expectTypeOf(event.payload).toEqualTypeOf<{ count: number }>();
      // @ts-expect-error: an event nobody declared
      await events.emit({ ...base, type: "typing.uncounted", payload: {} }, { trx });
      // @ts-expect-error: the declared payload has a numeric count
      await events.emit({ ...base, type: "typing.counted", payload: { count: "3" } }, { trx });
      const subscriber: EventSubscriber = { event: "catalog.delete", handler: async () => {} };
      // @ts-expect-error: subscribers name declared events (or `*`)
      const misspelt: EventSubscriber = { event: "catalog.deleted", handler: async () => {} };
      return [subscriber, misspelt];
    };
    expect(emit).toBeTypeOf("function");
  });

  it("types a declared settings group's value, and any object for others", () => {
    const read = async (settings: SettingsService) => {
      expectTypeOf(await settings.get("default", "policies")).toEqualTypeOf<{
        refundDailyCap?: number;
        refundUndoWindowMinutes?: number;
      }>();
      expectTypeOf(await settings.get("default", "notes")).toEqualTypeOf<Record<string, unknown>>();
    };
    expect(read).toBeTypeOf("function");
  });
});
