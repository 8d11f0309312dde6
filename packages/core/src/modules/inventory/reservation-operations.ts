import { randomUUID } from "node:crypto";
import { sql, type Selectable, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { queryTemplate } from "../../db/query-template.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { inventoryScope, type InventoryContext } from "./inventory-context.js";
import { inventoryErrors } from "./inventory-errors.js";
import { MAX_RESERVATION_HOLD_DAYS, type reservationSchema, type reserveInput } from "./inventory-schemas.js";
import type { InventoryTables } from "./inventory-tables.js";
import { requireWarehouse } from "./warehouse-operations.js";

/** Stock held for a cart or an order until it is converted (sold), released, or expires. */
export type Reservation = z.output<typeof reservationSchema>;

/** What `reserve` takes: the input of the route's body schema. */
export type ReserveInput = z.input<typeof reserveInput>;

/** Lifetime of a reservation unless the request says otherwise. */
export const DEFAULT_RESERVATION_TTL_SECONDS = 900;

const COLUMNS = [
  "id",
  "entityId",
  "variantId",
  "warehouseId",
  "quantity",
  "status",
  "reference",
  "expiresAt",
  "createdAt",
] as const;

type ReservationRow = Pick<Selectable<InventoryTables["inventoryReservations"]>, (typeof COLUMNS)[number]>;

const toReservation = (row: ReservationRow): Reservation => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Expires active reservations past their time and gives their quantity back. Marking the reservation
 * first means two sweeps racing for one reservation give it back once: the second finds it no longer
 * active.
 */
export async function releaseExpired(
  trx: Transaction<CoreTables>,
  organizationId: string,
  filter: { entityIds: readonly string[] },
): Promise<number> {
  if (filter.entityIds.length === 0) return 0;
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
    await scope
      .updateTable("inventoryLevels")
      .set({ reserved: sql<number>`reserved - ${quantity}` })
      .where("id", "=", levelId)
      .execute();
  }
  return expired.length;
}

interface Hold {
  entityId: string;
  variantId: string | null;
  warehouseId: string | undefined;
  quantity: number;
  reference: string | null;
  expiresAt: Date;
}

/** A reservation with its stock row as the statement that made or closed it left it. */
type ReservationAndLevel = ReservationRow & { levelId: string; onHand: number; reserved: number };

/** What the statement of `hold` binds: the hold, and what the statement writes besides. */
interface HoldArgs extends Omit<Hold, "warehouseId"> {
  organizationId: string;
  warehouseId: string | null;
  reservationId: string;
  adjustmentId: string;
  now: Date;
  actorId: string | null;
  note: string;
}

/**
 * The statement of `hold`, in its four shapes (a given warehouse or the one with most available; holding
 * or selling). A level with `quantity` available (`on_hand - reserved >= quantity`, re-checked on the
 * row version the UPDATE locks, which is what makes it safe under any concurrency) feeds the
 * reservation's insert, and a sale's adjustment.
 */
function holdStatement(shape: { inWarehouse: boolean; isSale: boolean }) {
  return queryTemplate((db, args: HoldArgs) => {
    const scope = inventoryScope(db, args.organizationId);
    const candidates = scope
      .selectFrom("inventoryLevels")
      .select("id")
      .where("entityId", "=", args.entityId)
      .where(sql<boolean>`variant_id is not distinct from ${args.variantId}::uuid`)
      .where(sql<boolean>`on_hand - reserved >= ${args.quantity}`);
    const target = shape.inWarehouse
      ? candidates.where(sql<boolean>`warehouse_id = ${args.warehouseId}::uuid`)
      : candidates.orderBy(sql`on_hand - reserved`, "desc").limit(1);
    const level = scope
      .updateTable("inventoryLevels")
      .set(
        shape.isSale
          ? { onHand: sql<number>`on_hand - ${args.quantity}`, updatedAt: args.now }
          : { reserved: sql<number>`reserved + ${args.quantity}`, updatedAt: args.now },
      )
      .where("id", "in", target)
      .where(sql<boolean>`on_hand - reserved >= ${args.quantity}`)
      .returning(["id", "warehouseId", "onHand", "reserved"]);
    const adjustment = sql`, sale as (
      insert into inventory_adjustments (id, organization_id, warehouse_id, entity_id, variant_id, type, quantity, on_hand_after, actor_id, note)
      select ${args.adjustmentId}::uuid, ${args.organizationId}, warehouse_id, ${args.entityId}::uuid, ${args.variantId}::uuid, 'sale', -${args.quantity}::integer, on_hand, ${args.actorId}, ${args.note}
      from level)`;
    // Parameters in a SELECT list have no column to take their type from: hence the casts.
    return sql<ReservationAndLevel>`
      with level as (${level}),
      reservation as (
        insert into inventory_reservations (id, organization_id, level_id, entity_id, variant_id, warehouse_id, quantity, status, reference, expires_at)
        select ${args.reservationId}::uuid, ${args.organizationId}, id, ${args.entityId}::uuid, ${args.variantId}::uuid, warehouse_id, ${args.quantity}::integer, ${sql.lit(shape.isSale ? "converted" : "active")}, ${args.reference}, ${args.expiresAt}::timestamptz
        from level
        returning ${sql.join(COLUMNS.map((column) => sql.ref(column)))})
      ${shape.isSale ? adjustment : sql``}
      select reservation.*, level.id as level_id, level.on_hand, level.reserved from reservation cross join level`;
  });
}

const holdStatements = {
  hold: holdStatement({ inWarehouse: false, isSale: false }),
  holdInWarehouse: holdStatement({ inWarehouse: true, isSale: false }),
  sell: holdStatement({ inWarehouse: false, isSale: true }),
  sellInWarehouse: holdStatement({ inWarehouse: true, isSale: true }),
};

/**
 * Holds stock and records the reservation in ONE statement (`holdStatement`). With `sale`, the same
 * statement sells instead of holding: the quantity leaves `on_hand` (not added to `reserved`), the
 * reservation is recorded `converted` and the sale adjustment is written, which is `reserve` then
 * `convert` without the two round trips between. No level has enough: no row, nothing written.
 */
async function hold(
  trx: Transaction<CoreTables>,
  organizationId: string,
  input: Hold,
  sale: { actor: Actor | null } | null,
): Promise<ReservationAndLevel | undefined> {
  const reservationId = randomUUID();
  const statement = sale
    ? input.warehouseId
      ? holdStatements.sellInWarehouse
      : holdStatements.sell
    : input.warehouseId
      ? holdStatements.holdInWarehouse
      : holdStatements.hold;
  const { rows } = await statement.execute(trx, {
    ...input,
    organizationId,
    warehouseId: input.warehouseId ?? null,
    reservationId,
    adjustmentId: randomUUID(),
    now: new Date(),
    actorId: sale?.actor?.id ?? null,
    note: `reservation ${reservationId}`,
  });
  return rows[0];
}

/**
 * When a reservation ends: `expiresAt` (a hold until a known moment, checked here because the service is
 * also called without the route's schema), else `ttlSeconds` from now. Refused before any write.
 */
function reservationExpiry(input: ReserveInput): Date {
  if (input.expiresAt === undefined)
    return new Date(Date.now() + (input.ttlSeconds ?? DEFAULT_RESERVATION_TTL_SECONDS) * 1000);
  const at = new Date(input.expiresAt);
  const latest = Date.now() + MAX_RESERVATION_HOLD_DAYS * 24 * 3600 * 1000;
  if (input.ttlSeconds !== undefined)
    throw AppError.validation([{ path: "expiresAt", message: "give ttlSeconds or expiresAt, not both" }]);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now() || at.getTime() > latest) {
    throw AppError.validation([
      { path: "expiresAt", message: `must be a moment in the future, at most ${MAX_RESERVATION_HOLD_DAYS} days ahead` },
    ]);
  }
  return at;
}

export function createReservationOperations(context: InventoryContext) {
  /** Announces a sale of reserved stock (`inventory.afterAdjust`), as `adjust` announces its changes. */
  const emitSale = (
    organizationId: string,
    sold: ReservationAndLevel,
    actor: Actor | null,
    trx: Transaction<CoreTables>,
  ) =>
    context.events.emit(
      {
        organizationId,
        type: "inventory.afterAdjust",
        entityType: "inventoryLevel",
        entityId: sold.levelId,
        payload: {
          entityId: sold.entityId,
          variantId: sold.variantId,
          warehouseId: sold.warehouseId,
          type: "sale",
          quantity: -sold.quantity,
          reservationId: sold.id,
          before: { onHand: sold.onHand + sold.quantity },
          after: { onHand: sold.onHand, reserved: sold.reserved, available: sold.onHand - sold.reserved },
        },
        actor,
      },
      { trx },
    );

  const toAnswer = ({
    levelId: _levelId,
    onHand: _onHand,
    reserved: _reserved,
    ...reservation
  }: ReservationAndLevel): Reservation => toReservation(reservation);

  /**
   * Closes an active reservation and gives its quantity back in ONE statement; a sale (`converted`) also
   * takes it off the shelf and records the adjustment.
   */
  const close =
    (status: "released" | "converted") =>
    async (
      organizationId: string,
      reservationId: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Reservation> =>
      inTransaction(context.database, options, async (trx) => {
        const scope = inventoryScope(trx, organizationId);
        const isSold = status === "converted";
        const now = new Date();
        const closing = scope
          .updateTable("inventoryReservations")
          .set({ status, updatedAt: now })
          .where("id", "=", reservationId)
          .where("status", "=", "active")
          .returning([...COLUMNS, "levelId"]);
        const sale = sql`, sale as (
        insert into inventory_adjustments (id, organization_id, warehouse_id, entity_id, variant_id, type, quantity, on_hand_after, actor_id, note)
        select ${randomUUID()}::uuid, ${organizationId}, closed.warehouse_id, closed.entity_id, closed.variant_id, 'sale', -closed.quantity, level.on_hand, ${actor?.id ?? null}, ${`reservation ${reservationId}`}
        from closed cross join level)`;
        const { rows } = await sql<ReservationAndLevel>`
        with closed as (${closing}),
        level as (
          update inventory_levels set reserved = inventory_levels.reserved - closed.quantity,
            ${isSold ? sql`on_hand = inventory_levels.on_hand - closed.quantity,` : sql``} updated_at = ${now}::timestamptz
          from closed where inventory_levels.organization_id = ${organizationId} and inventory_levels.id = closed.level_id
          returning inventory_levels.on_hand, inventory_levels.reserved)
        ${isSold ? sale : sql``}
        select closed.*, level.on_hand, level.reserved from closed cross join level`.execute(trx);
        const closed = rows[0];
        if (!closed) {
          const existing = await scope
            .selectFrom("inventoryReservations")
            .select("status")
            .where("id", "=", reservationId)
            .executeTakeFirst();
          throw existing ? inventoryErrors.reservationClosed(existing.status) : inventoryErrors.reservationNotFound();
        }
        if (isSold) await emitSale(organizationId, closed, actor, trx);
        return toAnswer(closed);
      });

  /**
   * Holds stock (`sale` null) or sells it (see `hold`), giving back lapsed holds first when they could
   * be what is missing. Refused: 404 for a warehouse or sale target the organization does not have,
   * else 409 (not enough stock).
   */
  const take = (
    organizationId: string,
    input: ReserveInput,
    sale: { actor: Actor | null } | null,
    options?: TxOptions,
  ): Promise<ReservationAndLevel> =>
    inTransaction(context.database, options, async (trx) => {
      const held: Hold = {
        entityId: input.entityId,
        variantId: input.variantId ?? null,
        warehouseId: input.warehouseId,
        quantity: input.quantity,
        reference: input.reference ?? null,
        expiresAt: reservationExpiry(input),
      };
      // A warehouse the organization does not have is a 404, not "insufficient stock" (409).
      if (input.warehouseId) await requireWarehouse(trx, organizationId, input.warehouseId);
      // Checkout sells each line: the common case costs one statement. Expired holds are given back
      // only when they could be what is missing, and a stock row exists only for an entity and variant
      // of the organization (made by `adjust` after the same check, removed with the entity), so the
      // sale target is looked up only to tell a 404 from a 409.
      const row =
        (await hold(trx, organizationId, held, sale)) ??
        ((await releaseExpired(trx, organizationId, { entityIds: [input.entityId] })) > 0
          ? await hold(trx, organizationId, held, sale)
          : undefined);
      if (row) return row;
      await context.services.catalog.requireSaleTarget(organizationId, input, { trx });
      throw inventoryErrors.insufficientStock();
    });

  return {
    /**
     * Holds stock with one guarded UPDATE (`on_hand - reserved >= quantity`): under any concurrency the
     * rows never promise more than is on hand, and a refused reservation is a 409.
     */
    reserve: async (organizationId: string, input: ReserveInput, options?: TxOptions): Promise<Reservation> =>
      toAnswer(await take(organizationId, input, null, options)),
    /**
     * Sells stock at once: `reserve` then `convert` in one guarded statement, with the same refusals
     * as `reserve`. The reservation is recorded `converted` under `input.reference`, so cancelling the
     * order finds it (`listByReference`), and `inventory.afterAdjust` is emitted as `convert` emits it.
     */
    sell: (
      organizationId: string,
      input: ReserveInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Reservation> =>
      inTransaction(context.database, options, async (trx) => {
        const sold = await take(organizationId, input, { actor }, { trx });
        await emitSale(organizationId, sold, actor, trx);
        return toAnswer(sold);
      }),
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
