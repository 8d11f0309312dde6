import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { catalogScope, emitCatalogEvent, requireEntity, touchEntity, type CatalogContext } from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import { OPTION_VALUE_COLUMNS, type OptionType, type OptionValue } from "./variant-types.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** An option axis by name: `{ name: "Color", values: ["Red", "Blue"] }`. */
export interface Axis {
  name: string;
  values: string[];
}

/** An axis with its stored values, in the order asked for. */
export interface ResolvedAxis {
  name: string;
  values: OptionValue[];
}

/**
 * Creates the option types and values an axis list names, keeping those that exist, and answers them
 * in the order given. Insert-or-ignore, so concurrent calls naming the same axes both succeed.
 */
export async function upsertAxes(
  trx: Transaction<CoreTables>,
  organizationId: string,
  entityId: string,
  axes: readonly Axis[],
): Promise<ResolvedAxis[]> {
  if (axes.length === 0) return [];
  const scope = catalogScope(trx, organizationId);
  await scope
    .insertInto(
      "catalogOptionTypes",
      axes.map((axis, position) => ({ id: randomUUID(), entityId, name: axis.name, position })),
    )
    .onConflict((oc) => oc.columns(["entityId", "name"]).doNothing())
    .execute();
  const types = await scope
    .selectFrom("catalogOptionTypes")
    .select(["id", "name"])
    .where("entityId", "=", entityId)
    .where(
      "name",
      "in",
      axes.map((axis) => axis.name),
    )
    .execute();
  const typeId = new Map(types.map((type) => [type.name, type.id]));
  const wanted = axes.flatMap((axis) =>
    [...new Set(axis.values)].map((value, position) => ({
      id: randomUUID(),
      optionTypeId: typeId.get(axis.name) as string,
      value,
      position,
    })),
  );
  if (wanted.length > 0) {
    await scope
      .insertInto("catalogOptionValues", wanted)
      .onConflict((oc) => oc.columns(["optionTypeId", "value"]).doNothing())
      .execute();
  }
  const values = await scope
    .selectFrom("catalogOptionValues")
    .select(OPTION_VALUE_COLUMNS)
    .where(
      "optionTypeId",
      "in",
      types.map((type) => type.id),
    )
    .execute();
  return axes.map((axis) => {
    const id = typeId.get(axis.name);
    return {
      name: axis.name,
      values: [...new Set(axis.values)].map(
        (value) => values.find((row) => row.optionTypeId === id && row.value === value) as OptionValue,
      ),
    };
  });
}

/** Option types and values: created one at a time by the admin routes. */
export function createOptionOperations(context: CatalogContext) {
  return {
    async createOptionType(
      organizationId: string,
      idOrSlug: string,
      input: { name: string; position?: number; values?: string[] },
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<OptionType> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const scope = catalogScope(trx, organizationId);
        const id = randomUUID();
        await scope
          .insertInto("catalogOptionTypes", {
            id,
            entityId: entity.id,
            name: input.name,
            position: input.position ?? 0,
          })
          .execute();
        const values = [...new Set(input.values ?? [])].map((value, position) => ({
          id: randomUUID(),
          optionTypeId: id,
          value,
          position,
        }));
        if (values.length > 0) await scope.insertInto("catalogOptionValues", values).execute();
        const optionType = { id, entityId: entity.id, name: input.name, position: input.position ?? 0, values };
        await touchEntity(trx, organizationId, entity.id);
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: entity.id,
          payload: { change: "optionTypeCreated", after: optionType },
          actor,
        });
        return optionType;
      });
    },

    async createOptionValue(
      organizationId: string,
      optionTypeId: string,
      input: { value: string; position?: number },
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<OptionValue> {
      return inTransaction(context.database, options, async (trx) => {
        const scope = catalogScope(trx, organizationId);
        const type = await scope
          .selectFrom("catalogOptionTypes")
          .select(["id", "entityId"])
          .where("id", "=", optionTypeId)
          .executeTakeFirst();
        if (!type) throw catalogErrors.optionTypeNotFound();
        const value = { id: randomUUID(), optionTypeId, value: input.value, position: input.position ?? 0 };
        await scope.insertInto("catalogOptionValues", value).execute();
        await touchEntity(trx, organizationId, type.entityId);
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: type.entityId,
          payload: { change: "optionValueCreated", after: value },
          actor,
        });
        return value;
      });
    },
  };
}
