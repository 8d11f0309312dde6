import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import {
  ATTRIBUTE_COLUMNS,
  emitShippingEvent,
  shippingScope,
  toAttributes,
  type ShippingAttributes,
  type ShippingContext,
} from "./shipping-context.js";
import { requireProfile } from "./shipping-profile-operations.js";
import type { shippingAttributesBody } from "./shipping-schemas.js";

export type ShippingAttributesInput = z.input<typeof shippingAttributesBody>;

const FIELDS = [
  "weightGrams",
  "lengthMm",
  "widthMm",
  "heightMm",
  "requiresShipping",
  "hsCode",
  "originCountry",
  "profileId",
] as const;

/**
 * Physical attributes live in the shipping module's own table (the catalog knows nothing of shipping),
 * one row per entity (the default of its variants) or variant; entities and variants are checked through
 * `services.catalog`.
 */
export function createShippingAttributeOperations(context: ShippingContext) {
  return {
    /** Sets the fields given (null clears one back to inherited), keeping the others. */
    setAttributes: (
      organizationId: string,
      input: ShippingAttributesInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingAttributes> =>
      inTransaction(context.database, options, async (trx) => {
        const variantId = input.variantId ?? null;
        await context.services.catalog.requireSaleTarget(
          organizationId,
          { entityId: input.entityId, variantId },
          { trx },
        );
        if (input.profileId) await requireProfile(trx, organizationId, input.profileId);
        const given = Object.fromEntries(
          FIELDS.flatMap((field) => (input[field] === undefined ? [] : [[field, input[field]]])),
        );
        const row = await shippingScope(trx, organizationId)
          .insertInto("shippingAttributes", { id: randomUUID(), entityId: input.entityId, variantId, ...given })
          .onConflict((oc) =>
            oc.constraint("shipping_attributes_target_unique").doUpdateSet({ ...given, updatedAt: new Date() }),
          )
          .returning(ATTRIBUTE_COLUMNS)
          .executeTakeFirstOrThrow();
        const after = toAttributes(row);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shippingAttributes",
          entityId: input.entityId,
          payload: { variantId, after },
          actor,
        });
        return after;
      }),

    /** The entity's row and its variants' rows (entity first). */
    async listAttributes(organizationId: string, entityId: string, options?: TxOptions): Promise<ShippingAttributes[]> {
      const rows = await shippingScope(options?.trx ?? context.db, organizationId)
        .selectFrom("shippingAttributes")
        .select(ATTRIBUTE_COLUMNS)
        .where("entityId", "=", entityId)
        .orderBy(sql`variant_id nulls first`)
        .execute();
      return rows.map(toAttributes);
    },

    /** Removes a deleted entity's rows (catalog.delete, same transaction). */
    async removeEntityAttributes(
      organizationId: string,
      entityId: string,
      { trx }: Required<TxOptions>,
    ): Promise<void> {
      await shippingScope(trx, organizationId)
        .deleteFrom("shippingAttributes")
        .where("entityId", "=", entityId)
        .execute();
    },
  };
}
