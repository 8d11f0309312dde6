import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { catalogScope, iso } from "./catalog-context.js";
import type { CustomFieldRowStatus } from "./catalog-tables.js";

/** A custom-field row: a live (approved) value or a proposal, with its provenance. */
export interface CustomFieldRow {
  id: string;
  entityId: string;
  fieldName: string;
  locale: string;
  value: unknown;
  status: CustomFieldRowStatus;
  /** What set the value: `merchant` (REST), `store` (a channel), `import`, `generated`... */
  source: string;
  storeId: string | null;
  /** Actor id that set or proposed the value. */
  setBy: string | null;
  setByType: string | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** Where a value comes from. */
export interface Provenance {
  source: string;
  storeId?: string | null;
  actor: Actor | null;
}

export const ROW_COLUMNS = [
  "id",
  "entityId",
  "fieldName",
  "locale",
  "value",
  "status",
  "source",
  "storeId",
  "setBy",
  "setByType",
  "createdAt",
  "decidedAt",
  "decidedBy",
] as const;

type StoredRow = Omit<CustomFieldRow, "createdAt" | "decidedAt"> & { createdAt: Date; decidedAt: Date | null };

export const toRow = (row: StoredRow): CustomFieldRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  decidedAt: iso(row.decidedAt),
});

/**
 * Replaces live values as a patch: a null value clears the field, other keys get a new approved row and
 * the previous one is kept as `superseded` (history with provenance). The caller holds the entity's row
 * lock, so concurrent writers of one entity take turns and one approved row per field stays live.
 */
export async function writeApprovedValues(
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    entityId: string;
    locale: string;
    values: Readonly<Record<string, unknown>>;
    provenance: Provenance;
  },
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const names = Object.keys(input.values);
  if (names.length === 0) return { before: {}, after: {} };
  const scope = catalogScope(trx, input.organizationId);
  const current = await scope
    .selectFrom("catalogCustomFieldValues")
    .select(["fieldName", "value"])
    .where("entityId", "=", input.entityId)
    .where("locale", "=", input.locale)
    .where("status", "=", "approved")
    .where("fieldName", "in", names)
    .execute();
  const before = Object.fromEntries(current.map((row) => [row.fieldName, row.value]));
  await scope
    .updateTable("catalogCustomFieldValues")
    .set({ status: "superseded", decidedAt: new Date(), decidedBy: input.provenance.actor?.id ?? null })
    .where("entityId", "=", input.entityId)
    .where("locale", "=", input.locale)
    .where("status", "=", "approved")
    .where("fieldName", "in", names)
    .execute();
  const live = Object.entries(input.values).filter(([, value]) => value !== null);
  if (live.length > 0) {
    await scope
      .insertInto(
        "catalogCustomFieldValues",
        live.map(([fieldName, value]) => ({
          id: randomUUID(),
          entityId: input.entityId,
          fieldName,
          locale: input.locale,
          value: JSON.stringify(value),
          status: "approved" as const,
          source: input.provenance.source,
          storeId: input.provenance.storeId ?? null,
          setBy: input.provenance.actor?.id ?? null,
          setByType: input.provenance.actor?.type ?? null,
        })),
      )
      .execute();
  }
  return { before, after: { ...input.values } };
}
