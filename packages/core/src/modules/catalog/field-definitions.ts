import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { catalogScope, iso, type CatalogContext } from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** Value types a custom field can hold. */
export type FieldDataType = "string" | "number" | "integer" | "boolean" | "enum" | "json";

/** A runtime custom-field definition for one entity type. Archived definitions accept no new values. */
export interface FieldDefinition {
  id: string;
  entityType: string;
  name: string;
  label: string | null;
  dataType: FieldDataType;
  isRequired: boolean;
  /** Indexed for search attribute filters and facets (approved `en` values). */
  isFilterable: boolean;
  /** Allowed values of an `enum` field. */
  options: string[] | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateFieldDefinitionInput {
  entityType: string;
  name: string;
  label?: string | null;
  dataType: FieldDataType;
  isRequired?: boolean;
  isFilterable?: boolean;
  options?: string[] | null;
}

export type UpdateFieldDefinitionInput = Partial<
  Pick<CreateFieldDefinitionInput, "label" | "isRequired" | "isFilterable" | "options">
>;

const COLUMNS = [
  "id",
  "entityType",
  "name",
  "label",
  "dataType",
  "isRequired",
  "isFilterable",
  "options",
  "archivedAt",
  "createdAt",
  "updatedAt",
] as const;

type DefinitionRow = Omit<FieldDefinition, "archivedAt" | "createdAt" | "updatedAt" | "dataType"> & {
  dataType: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const toDefinition = (row: DefinitionRow): FieldDefinition => ({
  ...row,
  dataType: row.dataType as FieldDataType,
  archivedAt: iso(row.archivedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Definitions of one entity type (archived included: they explain existing values). */
export async function loadDefinitions(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  entityType: string,
): Promise<FieldDefinition[]> {
  const rows = await catalogScope(db, organizationId)
    .selectFrom("catalogFieldDefinitions")
    .select(COLUMNS)
    .where("entityType", "=", entityType)
    .execute();
  return rows.map((row) => toDefinition(row as DefinitionRow));
}

function assertEnumOptions(dataType: string | undefined, options: string[] | null | undefined): void {
  if (dataType === "enum" && (!options || options.length === 0)) {
    throw catalogErrors.invalidCustomField("body.options", "an enum field needs at least one option");
  }
}

/** Definitions administration: list, create, update, archive. There is no delete: values keep their meaning. */
export function createFieldDefinitionOperations(context: CatalogContext) {
  const emitChange = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    definition: FieldDefinition,
    change: string,
    actor: Actor | null,
  ) =>
    context.events.emit(
      {
        organizationId,
        type: "catalog.fieldDefinition",
        entityType: "catalogFieldDefinition",
        entityId: definition.id,
        payload: { change, after: definition },
        actor,
      },
      { trx },
    );

  const requireDefinition = async (
    trx: Transaction<CoreTables>,
    organizationId: string,
    id: string,
  ): Promise<FieldDefinition> => {
    const row = await catalogScope(trx, organizationId)
      .selectFrom("catalogFieldDefinitions")
      .select(COLUMNS)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw catalogErrors.definitionNotFound();
    return toDefinition(row as DefinitionRow);
  };

  return {
    async listDefinitions(
      organizationId: string,
      filter: { entityType?: string },
      options?: TxOptions,
    ): Promise<FieldDefinition[]> {
      const db = options?.trx ?? context.db;
      let query = catalogScope(db, organizationId).selectFrom("catalogFieldDefinitions").select(COLUMNS);
      if (filter.entityType) query = query.where("entityType", "=", filter.entityType);
      const rows = await query.orderBy("entityType").orderBy("name").execute();
      return rows.map((row) => toDefinition(row as DefinitionRow));
    },

    async createDefinition(
      organizationId: string,
      input: CreateFieldDefinitionInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<FieldDefinition> {
      assertEnumOptions(input.dataType, input.options);
      return inTransaction(context.database, options, async (trx) => {
        const id = randomUUID();
        await catalogScope(trx, organizationId)
          .insertInto("catalogFieldDefinitions", {
            id,
            entityType: input.entityType,
            name: input.name,
            label: input.label ?? null,
            dataType: input.dataType,
            isRequired: input.isRequired ?? false,
            isFilterable: input.isFilterable ?? false,
            options: input.options ? JSON.stringify(input.options) : null,
          })
          .execute();
        const definition = await requireDefinition(trx, organizationId, id);
        await emitChange(trx, organizationId, definition, "create", actor);
        return definition;
      });
    },

    async updateDefinition(
      organizationId: string,
      id: string,
      input: UpdateFieldDefinitionInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<FieldDefinition> {
      return inTransaction(context.database, options, async (trx) => {
        const current = await requireDefinition(trx, organizationId, id);
        assertEnumOptions(current.dataType, input.options === undefined ? current.options : input.options);
        await catalogScope(trx, organizationId)
          .updateTable("catalogFieldDefinitions")
          .set({
            ...(input.label === undefined ? {} : { label: input.label }),
            ...(input.isRequired === undefined ? {} : { isRequired: input.isRequired }),
            ...(input.isFilterable === undefined ? {} : { isFilterable: input.isFilterable }),
            ...(input.options === undefined ? {} : { options: input.options ? JSON.stringify(input.options) : null }),
            updatedAt: new Date(),
          })
          .where("id", "=", id)
          .execute();
        const definition = await requireDefinition(trx, organizationId, id);
        await emitChange(trx, organizationId, definition, "update", actor);
        return definition;
      });
    },

    async archiveDefinition(
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<FieldDefinition> {
      return inTransaction(context.database, options, async (trx) => {
        const current = await requireDefinition(trx, organizationId, id);
        if (current.archivedAt) return current;
        const now = new Date();
        await catalogScope(trx, organizationId)
          .updateTable("catalogFieldDefinitions")
          .set({ archivedAt: now, updatedAt: now })
          .where("id", "=", id)
          .execute();
        const definition = await requireDefinition(trx, organizationId, id);
        await emitChange(trx, organizationId, definition, "archive", actor);
        return definition;
      });
    },
  };
}
