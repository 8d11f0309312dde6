import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import {
  emitShippingEvent,
  OPTION_COLUMNS,
  shippingScope,
  toOption,
  type ShippingContext,
  type ShippingOption,
} from "./shipping-context.js";
import { shippingErrors } from "./shipping-errors.js";
import { assertOptionShape, type OptionShape, type ShippingOptionInput } from "./shipping-option-rules.js";
import { ensureDefaultProfile, requireProfile } from "./shipping-profile-operations.js";
import { requireZone } from "./shipping-zone-operations.js";

type Db = Parameters<typeof shippingScope>[0];

export async function requireOption(db: Db, organizationId: string, id: string): Promise<ShippingOption> {
  const row = await shippingScope(db, organizationId)
    .selectFrom("shippingOptions")
    .select(OPTION_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw shippingErrors.optionNotFound();
  return toOption(row);
}

/** The option as it would be after `input`, over `before` (defaults for a new one). */
function merged(before: ShippingOption | null, input: Partial<ShippingOptionInput>): OptionShape {
  const pick = <K extends keyof OptionShape>(key: K, fallback: OptionShape[K]): OptionShape[K] =>
    (input[key] as OptionShape[K] | undefined) ?? (before ? before[key] : fallback);
  return {
    calculator: pick("calculator", "flat"),
    rates: pick("rates", {}),
    zoneId: input.zoneId === undefined ? (before?.zoneId ?? null) : input.zoneId,
    isPickup: pick("isPickup", false),
    warehouseId: input.warehouseId === undefined ? (before?.warehouseId ?? null) : input.warehouseId,
    minWeightGrams: input.minWeightGrams === undefined ? (before?.minWeightGrams ?? null) : input.minWeightGrams,
    maxWeightGrams: input.maxWeightGrams === undefined ? (before?.maxWeightGrams ?? null) : input.maxWeightGrams,
    rateProviderId: input.rateProviderId === undefined ? (before?.rateProviderId ?? null) : input.rateProviderId,
    fulfillmentProviderId:
      input.fulfillmentProviderId === undefined ? (before?.fulfillmentProviderId ?? null) : input.fulfillmentProviderId,
  };
}

export function createShippingOptionOperations(context: ShippingContext) {
  /** Every row an option names belongs to the organization: its zone, profile, tax class and warehouse (404s). */
  const assertReferences = async (
    trx: Transaction<CoreTables>,
    organizationId: string,
    shape: OptionShape,
    input: Partial<ShippingOptionInput>,
  ) => {
    assertOptionShape(shape, {
      isRateProvider: context.carriers.isRegistered,
      isFulfillmentProvider: (id) => context.fulfillmentProviders.has(id),
    });
    if (input.zoneId) await requireZone(trx, organizationId, input.zoneId);
    if (input.profileId) await requireProfile(trx, organizationId, input.profileId);
    if (input.taxClassId) await context.services.tax.getTaxClass(organizationId, input.taxClassId, { trx });
    if (input.warehouseId) await context.services.inventory.getWarehouse(organizationId, input.warehouseId, { trx });
  };

  return {
    /** Creates an option; without `profileId` it ships with the default profile (made when there is none). */
    createOption: (
      organizationId: string,
      input: ShippingOptionInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingOption> =>
      inTransaction(context.database, options, async (trx) => {
        const shape = merged(null, input);
        await assertReferences(trx, organizationId, shape, input);
        const id = randomUUID();
        await shippingScope(trx, organizationId)
          .insertInto("shippingOptions", {
            id,
            name: input.name,
            profileId: input.profileId ?? (await ensureDefaultProfile(trx, organizationId)),
            ...shape,
            rates: JSON.stringify(shape.rates),
            taxClassId: input.taxClassId ?? null,
            isActive: input.isActive ?? true,
          })
          .execute();
        const created = await requireOption(trx, organizationId, id);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.create",
          entityType: "shippingOption",
          entityId: id,
          payload: { after: created },
          actor,
        });
        return created;
      }),

    updateOption: (
      organizationId: string,
      id: string,
      input: Partial<ShippingOptionInput>,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingOption> =>
      inTransaction(context.database, options, async (trx) => {
        const before = await requireOption(trx, organizationId, id);
        const shape = merged(before, input);
        await assertReferences(trx, organizationId, shape, input);
        await shippingScope(trx, organizationId)
          .updateTable("shippingOptions")
          .set({
            ...shape,
            rates: JSON.stringify(shape.rates),
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.profileId === undefined ? {} : { profileId: input.profileId }),
            ...(input.taxClassId === undefined ? {} : { taxClassId: input.taxClassId }),
            ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
            updatedAt: new Date(),
          })
          .where("id", "=", id)
          .execute();
        const after = await requireOption(trx, organizationId, id);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shippingOption",
          entityId: id,
          payload: { before, after },
          actor,
        });
        return after;
      }),

    /** A cart that chose a deleted option is refused at checkout (SHIPPING_OPTION_UNAVAILABLE). */
    deleteOption: (
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingOption> =>
      inTransaction(context.database, options, async (trx) => {
        const before = await requireOption(trx, organizationId, id);
        await shippingScope(trx, organizationId).deleteFrom("shippingOptions").where("id", "=", id).execute();
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.delete",
          entityType: "shippingOption",
          entityId: id,
          payload: { before },
          actor,
        });
        return before;
      }),

    getOption: (organizationId: string, id: string, options?: TxOptions): Promise<ShippingOption> =>
      requireOption(options?.trx ?? context.db, organizationId, id),

    async listOptions(organizationId: string, options?: TxOptions): Promise<ShippingOption[]> {
      const rows = await shippingScope(options?.trx ?? context.db, organizationId)
        .selectFrom("shippingOptions")
        .select(OPTION_COLUMNS)
        .orderBy("name")
        .orderBy("id")
        .execute();
      return rows.map(toOption);
    },
  };
}
