import { randomUUID } from "node:crypto";
import { sql, type Selectable, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { inventoryErrors, inventoryScope, type InventoryContext } from "./inventory-context.js";
import { MAX_RESERVATION_HOLD_DAYS, type reservationSchema, type reserveInput } from "./inventory-schemas.js";
import type { InventoryTables } from "./inventory-tables.js";
import { requireWarehouse } from "./warehouse-operations.js";

/** Stock held for a cart or an order until it is converted (sold), released, or expires. */
export type Reservation = z.output<typeof reservationSchema>;

/** What `reserve` takes: the input of the route's body schema. */
export type ReserveInput = z.input<typeof reserveInput>;

/** Lifetime of a reservation unless the request says otherwise. */
export const DEFAULT_RESERVATION_TTL_SECONDS = 900;

const COLUMNS = ["id", "entityId", "variantId", "warehouseId", "quantity", "status", "reference", "expiresAt", "createdAt"] as const;

const toReservation = (row: Pick<Selectable<InventoryTables["inventoryReservations"]>, (typeof COLUMNS)[number]>): Reservation => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Expires active reservations past their time and gives their quantity back. Marking the reservation
 * first means two sweeps racing for one reservation give it back once: the second finds it no longer
 * active.
 */
export async function releaseExpired(trx: Transaction<CoreTables>, organizationId: string, filter: { entityIds: readonly string[] }): Promise<void> {
  if (filter.entityIds.length === 0) return;
  const scope = inventoryScope(trx, organizationId);
  const expired = await scope
    .updateTable("inventoryReservations")
    .set({ status: "expired", updatedAt: new Date() })
    .where("status", "=", "active")
    .where("expiresAt", "<=", new Date())
    .where("entityId", "in", filter.entityIds)
    .returning(["levelId", "quantity"])
    .execute();
  const byLevel = new Map<string, number>();
  for (const row of expired) byLevel.set(row.levelId, (byLevel.get(row.levelId) ?? 0) + row.quantity);
  for (const [levelId, quantity] of byLevel) {
    await scope.updateTable("inventoryLevels").set({ reserved: sql<number>`reserved - ${quantity}` }).where("id", "=", levelId).execute();
  }
}

/**
 * When a reservation ends: `expiresAt` (a hold until a known moment, checked here because the service is
 * also called without the route's schema), else `ttlSeconds` from now. Refused before any write.
 */
function reservationExpiry(input: ReserveInput): Date {
  if (input.expiresAt === undefined) return new Date(Date.now() + (input.ttlSeconds ?? DEFAULT_RESERVATION_TTL_SECONDS) * 1000);
  const at = new Date(input.expiresAt);
  const latest = Date.now() + MAX_RESERVATION_HOLD_DAYS * 24 * 3600 * 1000;
  if (input.ttlSeconds !== undefined) throw AppError.validation([{ path: "expiresAt", message: "give ttlSeconds or expiresAt, not both" }]);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now() || at.getTime() > latest) {
    throw AppError.validation([{ path: "expiresAt", message: `must be a moment in the future, at most ${MAX_RESERVATION_HOLD_DAYS} days ahead` }]);
  }
  return at;
}

export function createReservationOperations(context: InventoryContext) {
  /** Closes an active reservation; `isSold` also takes its quantity off the shelf. */
  const close = (status: "released" | "converted") => async (organizationId: string, reservationId: string, actor: Actor | null, options?: TxOptions): Promise<Reservation> =>
    inTransaction(context.database, options, async (trx) => {
      const scope = inventoryScope(trx, organizationId);
      const closed = await scope
        .updateTable("inventoryReservations")
        .set({ status, updatedAt: new Date() })
        .where("id", "=", reservationId)
        .where("status", "=", "active")
        .returning([...COLUMNS, "levelId"])
        .executeTakeFirst();
      if (!closed) {
        const existing = await scope.selectFrom("inventoryReservations").select("status").where("id", "=", reservationId).executeTakeFirst();
        throw existing ? inventoryErrors.reservationClosed(existing.status) : inventoryErrors.reservationNotFound();
      }
      const isSold = status === "converted";
      const level = await scope
        .updateTable("inventoryLevels")
        .set({ reserved: sql<number>`reserved - ${closed.quantity}`, ...(isSold ? { onHand: sql<number>`on_hand - ${closed.quantity}` } : {}), updatedAt: new Date() })
        .where("id", "=", closed.levelId)
        .returning(["id", "onHand", "reserved"])
        .executeTakeFirstOrThrow();
      if (isSold) {
        await scope
          .insertInto("inventoryAdjustments", {
            id: randomUUID(),
            warehouseId: closed.warehouseId,
            entityId: closed.entityId,
            variantId: closed.variantId,
            type: "sale",
            quantity: -closed.quantity,
            onHandAfter: level.onHand,
            actorId: actor?.id ?? null,
            note: `reservation ${closed.id}`,
          })
          .execute();
        await context.events.emit(
          {
            organizationId,
            type: "inventory.afterAdjust",
            entityType: "inventoryLevel",
            entityId: level.id,
            payload: {
              entityId: closed.entityId,
              variantId: closed.variantId,
              warehouseId: closed.warehouseId,
              type: "sale",
              quantity: -closed.quantity,
              reservationId: closed.id,
              before: { onHand: level.onHand + closed.quantity },
              after: { onHand: level.onHand, reserved: level.reserved, available: level.onHand - level.reserved },
            },
            actor,
          },
          { trx },
        );
      }
      const { levelId: _levelId, ...reservation } = closed;
      return toReservation(reservation);
    });

  return {
    /**
     * Holds stock with one guarded UPDATE (`on_hand - reserved >= quantity`): under any concurrency the
     * rows never promise more than is on hand, and a refused reservation is a 409.
     */
    async reserve(organizationId: string, input: ReserveInput, options?: TxOptions): Promise<Reservation> {
      return inTransaction(context.database, options, async (trx) => {
        const expiresAt = reservationExpiry(input);
        await context.services.catalog.requireSaleTarget(organizationId, input, { trx });
        const variantId = input.variantId ?? null;
        // A warehouse the organization does not have is a 404, not "insufficient stock" (409).
        if (input.warehouseId) await requireWarehouse(trx, organizationId, input.warehouseId);
        await releaseExpired(trx, organizationId, { entityIds: [input.entityId] });
        const scope = inventoryScope(trx, organizationId);
        const candidates = scope
          .selectFrom("inventoryLevels")
          .select("id")
          .where("entityId", "=", input.entityId)
          .where(sql<boolean>`variant_id is not distinct from ${variantId}`)
          .where(sql<boolean>`on_hand - reserved >= ${input.quantity}`);
        const target = input.warehouseId
          ? candidates.where("warehouseId", "=", input.warehouseId)
          : candidates.orderBy(sql`on_hand - reserved`, "desc").limit(1);
        const level = await scope
          .updateTable("inventoryLevels")
          .set({ reserved: sql<number>`reserved + ${input.quantity}`, updatedAt: new Date() })
          .where("id", "in", target)
          // Re-checked on the row version this statement locks, which is what makes it safe.
          .where(sql<boolean>`on_hand - reserved >= ${input.quantity}`)
          .returning(["id", "warehouseId"])
          .executeTakeFirst();
        if (!level) throw inventoryErrors.insufficientStock();
        const row = await scope
          .insertInto("inventoryReservations", {
            id: randomUUID(),
            levelId: level.id,
            entityId: input.entityId,
            variantId,
            warehouseId: level.warehouseId,
            quantity: input.quantity,
            status: "active",
            reference: input.reference ?? null,
            expiresAt,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        return toReservation(row);
      });
    },
    release: close("released"),
    /** Turns a reservation into a sale: on-hand and reserved both drop by its quantity. */
    convert: close("converted"),
    /** The reservations made under a reference (`cart:<id>`), oldest first: what cancelling an order gives back. */
    async listByReference(organizationId: string, reference: string, options?: TxOptions): Promise<Reservation[]> {
      const rows = await inventoryScope(options?.trx ?? context.database.db, organizationId)
        .selectFrom("inventoryReservations")
        .select(COLUMNS)
        .where("reference", "=", reference)
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
      return rows.map(toReservation);
    },
  };
}
