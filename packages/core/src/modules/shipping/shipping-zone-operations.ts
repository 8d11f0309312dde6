import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import {
  emitShippingEvent,
  shippingScope,
  toZone,
  ZONE_COLUMNS,
  type ShippingContext,
  type ShippingZone,
} from "./shipping-context.js";
import { shippingErrors } from "./shipping-errors.js";
import type { shippingZoneBody } from "./shipping-schemas.js";

export type ShippingZoneInput = z.input<typeof shippingZoneBody>;

type Db = Parameters<typeof shippingScope>[0];

export async function requireZone(db: Db, organizationId: string, id: string): Promise<ShippingZone> {
  const row = await shippingScope(db, organizationId)
    .selectFrom("shippingZones")
    .select(ZONE_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw shippingErrors.zoneNotFound();
  return toZone(row);
}

/** Regions and patterns are stored as given (trimmed); matching ignores case and spaces. */
const zoneColumns = (input: Partial<ShippingZoneInput>) => ({
  ...(input.name === undefined ? {} : { name: input.name }),
  ...(input.countries === undefined ? {} : { countries: JSON.stringify([...new Set(input.countries)]) }),
  ...(input.regions === undefined ? {} : { regions: JSON.stringify(input.regions.map((region) => region.trim())) }),
  ...(input.postalPatterns === undefined
    ? {}
    : { postalPatterns: JSON.stringify(input.postalPatterns.map((pattern) => pattern.trim())) }),
});

export function createShippingZoneOperations(context: ShippingContext) {
  return {
    createZone: (
      organizationId: string,
      input: ShippingZoneInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingZone> =>
      inTransaction(context.database, options, async (trx) => {
        const id = randomUUID();
        await shippingScope(trx, organizationId)
          .insertInto("shippingZones", {
            id,
            regions: "[]",
            postalPatterns: "[]",
            ...zoneColumns(input),
            name: input.name,
            countries: JSON.stringify([...new Set(input.countries)]),
          })
          .execute();
        const created = await requireZone(trx, organizationId, id);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.create",
          entityType: "shippingZone",
          entityId: id,
          payload: { after: created },
          actor,
        });
        return created;
      }),

    updateZone: (
      organizationId: string,
      id: string,
      input: Partial<ShippingZoneInput>,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<ShippingZone> =>
      inTransaction(context.database, options, async (trx) => {
        const before = await requireZone(trx, organizationId, id);
        await shippingScope(trx, organizationId)
          .updateTable("shippingZones")
          .set({ ...zoneColumns(input), updatedAt: new Date() })
          .where("id", "=", id)
          .execute();
        const after = await requireZone(trx, organizationId, id);
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shippingZone",
          entityId: id,
          payload: { before, after },
          actor,
        });
        return after;
      }),

    /** Deletes the zone and its options (a cart that chose one of them is then refused at checkout). */
    deleteZone: (organizationId: string, id: string, actor: Actor | null, options?: TxOptions): Promise<ShippingZone> =>
      inTransaction(context.database, options, async (trx) => {
        const before = await requireZone(trx, organizationId, id);
        await shippingScope(trx, organizationId).deleteFrom("shippingZones").where("id", "=", id).execute();
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.delete",
          entityType: "shippingZone",
          entityId: id,
          payload: { before },
          actor,
        });
        return before;
      }),

    getZone: (organizationId: string, id: string, options?: TxOptions): Promise<ShippingZone> =>
      requireZone(options?.trx ?? context.db, organizationId, id),

    async listZones(organizationId: string, options?: TxOptions): Promise<ShippingZone[]> {
      const rows = await shippingScope(options?.trx ?? context.db, organizationId)
        .selectFrom("shippingZones")
        .select(ZONE_COLUMNS)
        .orderBy("name")
        .orderBy("id")
        .execute();
      return rows.map(toZone);
    },
  };
}
