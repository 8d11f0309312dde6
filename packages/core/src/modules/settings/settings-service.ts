import { sql, type Kysely, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { DEFAULT_REFUND_UNDO_WINDOW_MINUTES, isKnownGroup, KNOWN_GROUPS, type GroupValue, type KnownGroup, type Policies } from "./settings-groups.js";
import type { SettingsDb, SettingsTables } from "./settings-tables.js";

type Db = Kysely<CoreTables> | Transaction<CoreTables>;

const GROUP_NAME = /^[a-z][a-z0-9_-]{0,49}$/;

const scopeOf = (db: Db, organizationId: string): TenantScope<SettingsDb> => tenantScope(db.withTables<SettingsTables>(), organizationId);

function assertGroupName(group: string): void {
  if (!GROUP_NAME.test(group)) throw AppError.validation([{ path: "params.group", message: "lowercase letters, digits, _ and -, starting with a letter (at most 50)" }]);
}

/** Checks a patch of a known group key by key (null deletes a key, so it is always allowed). */
function assertPatch(group: string, patch: Record<string, unknown>): void {
  if (!isKnownGroup(group)) return;
  const schema = KNOWN_GROUPS[group];
  const present = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  const parsed = schema.partial().safeParse(present);
  if (!parsed.success) {
    throw AppError.validation(parsed.error.issues.map((issue) => ({ path: ["body", ...issue.path.map(String), ...("keys" in issue ? (issue.keys as string[]) : [])].join("."), message: issue.message })));
  }
}

/**
 * Settings groups per organization: JSON objects patched by shallow merge. The merge happens in one SQL
 * statement (`value || patch - deleted keys` on an upsert), so concurrent patches of one group each keep
 * their keys.
 */
export function createSettingsService({ database, events }: Pick<ServiceContext, "database" | "events">) {
  const read = async (db: Db, organizationId: string, group: string): Promise<Record<string, unknown>> => {
    const row = await scopeOf(db, organizationId).selectFrom("settingsGroups").select("value").where("groupName", "=", group).executeTakeFirst();
    return row?.value ?? {};
  };

  return {
    /** Every group that has a value. */
    async getAll(organizationId: string): Promise<Record<string, Record<string, unknown>>> {
      const rows = await scopeOf(database.db, organizationId).selectFrom("settingsGroups").select(["groupName", "value"]).orderBy("groupName").execute();
      return Object.fromEntries(rows.map((row) => [row.groupName, row.value]));
    },

    /** A group's value; `{}` when it was never set. */
    async getGroup(organizationId: string, group: string, db: Db = database.db): Promise<Record<string, unknown>> {
      assertGroupName(group);
      return read(db, organizationId, group);
    },

    /** A known group, typed. */
    async getKnownGroup<G extends KnownGroup>(organizationId: string, group: G, db: Db = database.db): Promise<GroupValue<G>> {
      return (await read(db, organizationId, group)) as GroupValue<G>;
    },

    /** `policies` with defaults: no refund cap unless set, a 15-minute undo window. */
    async policies(organizationId: string, db: Db = database.db): Promise<Policies> {
      const value = (await read(db, organizationId, "policies")) as GroupValue<"policies">;
      return { refundDailyCap: value.refundDailyCap ?? null, refundUndoWindowMinutes: value.refundUndoWindowMinutes ?? DEFAULT_REFUND_UNDO_WINDOW_MINUTES };
    },

    /**
     * Shallow-merges `patch` into the group: keys set to null are deleted, others replace their value.
     * Known groups are validated first (422, nothing written).
     */
    async patchGroup(organizationId: string, group: string, patch: Record<string, unknown>, actor: Actor | null): Promise<Record<string, unknown>> {
      assertGroupName(group);
      assertPatch(group, patch);
      const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
      const deleted = Object.keys(patch).filter((key) => patch[key] === null);
      const deletedKeys = deleted.length > 0 ? sql`array[${sql.join(deleted)}]::text[]` : sql`array[]::text[]`;
      return database.transaction(async (trx) => {
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
        await events.emit({ organizationId, type: "settings.update", entityType: "settingsGroup", entityId: group, payload: { change: "patched", set, deleted }, actor }, { trx });
        return row.value;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.settings` too.
declare module "../../kernel/contexts.js" {
  interface Services {
    settings: SettingsService;
  }
}
