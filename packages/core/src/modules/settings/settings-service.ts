import { sql, type Kysely, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { queryTemplate } from "../../db/query-template.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { SETTINGS_GROUP_NAME } from "../../kernel/registries.js";
import type { SettingsGroupSchema, SettingsGroupValue } from "../../kernel/settings-groups.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { DEFAULT_REFUND_UNDO_WINDOW_MINUTES, type Policies } from "./settings-groups.js";
import type { SettingsDb, SettingsTables } from "./settings-tables.js";
import type { DomainEventPayload } from "../../kernel/domain-events.js";

type Db = Kysely<CoreTables> | Transaction<CoreTables>;

const scopeOf = (db: Db, organizationId: string): TenantScope<SettingsDb> =>
  tenantScope(db.withTables<SettingsTables>(), organizationId);

/** A group's stored value (checkout reads `general` for the time zone of the order number's year). */
const readGroup = queryTemplate((db, args: { organizationId: string; group: string }) =>
  scopeOf(db, args.organizationId).selectFrom("settingsGroups").select("value").where("groupName", "=", args.group),
);

function assertGroupName(group: string): void {
  if (!SETTINGS_GROUP_NAME.test(group))
    throw AppError.validation([
      { path: "params.group", message: "lowercase letters, digits, _ and -, starting with a letter (at most 50)" },
    ]);
}

/** Checks a patch of a declared group key by key (null deletes a key, so it is always allowed). */
function assertPatch(schema: SettingsGroupSchema, patch: Record<string, unknown>): void {
  const present = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  const parsed = schema.partial().safeParse(present);
  if (!parsed.success) {
    throw AppError.validation(
      parsed.error.issues.map((issue) => ({
        path: ["body", ...issue.path.map(String), ...("keys" in issue ? (issue.keys as string[]) : [])].join("."),
        message: issue.message,
      })),
    );
  }
}

/**
 * Settings groups per organization: JSON objects patched by shallow merge. The merge happens in one SQL
 * statement (`value || patch - deleted keys` on an upsert), so concurrent patches of one group each keep
 * their keys.
 */
export function createSettingsService({
  database,
  events,
  registries,
}: Pick<ServiceContext, "database" | "events" | "registries">) {
  const read = async (db: Db, organizationId: string, group: string): Promise<Record<string, unknown>> => {
    const { rows } = await readGroup.execute(db, { organizationId, group });
    return rows[0]?.value ?? {};
  };

  /**
   * A group's value, `{}` when it was never set. Typed by the group's declaration in `SettingsGroups`
   * (each key optional: a patch sets keys one by one); any object for a group nobody declared.
   */
  const get = async <const G extends string>(
    organizationId: string,
    group: G,
    options?: TxOptions,
  ): Promise<SettingsGroupValue<G>> => {
    assertGroupName(group);
    // The stored value was validated against the group's schema when it was written.
    return (await read(options?.trx ?? database.db, organizationId, group)) as SettingsGroupValue<G>;
  };

  return {
    get,

    /** Every group that has a value. */
    async getAll(organizationId: string, options?: TxOptions): Promise<Record<string, Record<string, unknown>>> {
      const rows = await scopeOf(options?.trx ?? database.db, organizationId)
        .selectFrom("settingsGroups")
        .select(["groupName", "value"])
        .orderBy("groupName")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.groupName, row.value]));
    },

    /** `policies` with defaults: no refund cap unless set, a 15-minute undo window. */
    async policies(organizationId: string, options?: TxOptions): Promise<Policies> {
      const value = await get(organizationId, "policies", options);
      return {
        refundDailyCap: value.refundDailyCap ?? null,
        refundUndoWindowMinutes: value.refundUndoWindowMinutes ?? DEFAULT_REFUND_UNDO_WINDOW_MINUTES,
      };
    },

    /**
     * Shallow-merges `patch` into the group: keys set to null are deleted, others replace their value.
     * Declared groups are validated first (422, nothing written).
     */
    async patchGroup(
      organizationId: string,
      group: string,
      patch: Record<string, unknown>,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Record<string, unknown>> {
      assertGroupName(group);
      const declared = registries.settings.get(group);
      if (declared) assertPatch(declared.schema, patch);
      const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
      const deleted = Object.keys(patch).filter((key) => patch[key] === null);
      const deletedKeys = deleted.length > 0 ? sql`array[${sql.join(deleted)}]::text[]` : sql`array[]::text[]`;
      return inTransaction(database, options, async (trx) => {
        const row = await scopeOf(trx, organizationId)
          .insertInto("settingsGroups", { groupName: group, value: JSON.stringify(set) })
          .onConflict((oc) =>
            oc.columns(["organizationId", "groupName"]).doUpdateSet({
              value: sql<string>`(settings_groups.value || excluded.value) - ${deletedKeys}`,
              updatedAt: new Date(),
            }),
          )
          .returning("value")
          .executeTakeFirstOrThrow();
        await events.emit(
          {
            organizationId,
            type: "settings.update",
            entityType: "settingsGroup",
            entityId: group,
            payload: { change: "patched", set, deleted },
            actor,
          },
          { trx },
        );
        return row.value;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.settings` too.
declare module "../../kernel/services.js" {
  interface Services {
    settings: SettingsService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents {
    /** A settings group is patched (audit only, not a webhook event). */
    "settings.update": DomainEventPayload;
  }
}
