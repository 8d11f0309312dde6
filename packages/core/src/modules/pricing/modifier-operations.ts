import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import {
  MODIFIER_COLUMNS,
  pricingErrors,
  pricingScope,
  toModifier,
  type PriceModifier,
  type PricingContext,
} from "./pricing-context.js";
import type { modifierBody } from "./pricing-schemas.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** A percentage modifier moves a price by -100 % (-10,000 bps) to +1,000 % (100,000 bps). */
export const PERCENTAGE_BOUNDS = { min: -10_000, max: 100_000 } as const;

/** What `createModifier` takes (`updateModifier` any part of it): the route's validated body. */
export type ModifierInput = z.output<typeof modifierBody>;

/** The rules a modifier must satisfy as a whole (the columns' own rules are in the route's schema). */
function assertModifierShape(
  modifier: Pick<PriceModifier, "kind" | "value" | "currency" | "entityId" | "variantId"> & {
    startsAt: Date | string | null;
    endsAt: Date | string | null;
  },
): void {
  if (
    modifier.kind === "percentage" &&
    (modifier.value < PERCENTAGE_BOUNDS.min || modifier.value > PERCENTAGE_BOUNDS.max)
  )
    throw pricingErrors.percentageOutOfRange();
  if (modifier.kind === "fixed" && !modifier.currency) throw pricingErrors.fixedNeedsCurrency();
  if (modifier.variantId && !modifier.entityId) throw pricingErrors.variantNeedsEntity();
  if (modifier.startsAt && modifier.endsAt && new Date(modifier.endsAt) <= new Date(modifier.startsAt))
    throw pricingErrors.badWindow();
}

async function requireModifier(
  db: Parameters<typeof pricingScope>[0],
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PriceModifier> {
  let select = pricingScope(db, organizationId)
    .selectFrom("pricingModifiers")
    .select(MODIFIER_COLUMNS)
    .where("id", "=", id);
  if (options.lock) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (!row) throw pricingErrors.modifierNotFound();
  return toModifier(row);
}

export function createModifierOperations(context: PricingContext) {
  const emit = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    type: "pricing.create" | "pricing.update",
    modifier: PriceModifier,
    payload: Record<string, unknown>,
    actor: Actor | null,
  ) =>
    context.events.emit(
      { organizationId, type, entityType: "priceModifier", entityId: modifier.id, payload, actor },
      { trx },
    );

  return {
    async createModifier(
      organizationId: string,
      input: ModifierInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<PriceModifier> {
      const row = {
        id: randomUUID(),
        name: input.name,
        kind: input.kind,
        value: input.value,
        entityId: input.entityId ?? null,
        variantId: input.variantId ?? null,
        currency: input.currency ?? null,
        customerGroupId: input.customerGroupId ?? null,
        priority: input.priority ?? 0,
        isActive: input.isActive ?? true,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
      };
      assertModifierShape(row);
      return inTransaction(context.database, options, async (trx) => {
        if (row.entityId)
          await context.services.catalog.requireSaleTarget(
            organizationId,
            { entityId: row.entityId, variantId: row.variantId },
            { trx },
          );
        await pricingScope(trx, organizationId).insertInto("pricingModifiers", row).execute();
        const modifier = await requireModifier(trx, organizationId, row.id);
        await emit(
          trx,
          organizationId,
          "pricing.create",
          modifier,
          { change: "modifierCreated", after: modifier },
          actor,
        );
        return modifier;
      });
    },

    async updateModifier(
      organizationId: string,
      id: string,
      input: Partial<ModifierInput>,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<PriceModifier> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireModifier(trx, organizationId, id, { lock: true });
        const merged = { ...before, ...input };
        assertModifierShape(merged);
        if (merged.entityId && (input.entityId !== undefined || input.variantId !== undefined))
          await context.services.catalog.requireSaleTarget(
            organizationId,
            { entityId: merged.entityId, variantId: merged.variantId },
            { trx },
          );
        await pricingScope(trx, organizationId)
          .updateTable("pricingModifiers")
          .set({ ...input, updatedAt: new Date() })
          .where("id", "=", id)
          .execute();
        const after = await requireModifier(trx, organizationId, id);
        await emit(trx, organizationId, "pricing.update", after, { change: "modifierUpdated", before, after }, actor);
        return after;
      });
    },

    async deleteModifier(
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<PriceModifier> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireModifier(trx, organizationId, id, { lock: true });
        await pricingScope(trx, organizationId).deleteFrom("pricingModifiers").where("id", "=", id).execute();
        await emit(trx, organizationId, "pricing.update", before, { change: "modifierDeleted", before }, actor);
        return before;
      });
    },

    getModifier: (organizationId: string, id: string, options?: TxOptions): Promise<PriceModifier> =>
      requireModifier(options?.trx ?? context.db, organizationId, id),

    async listModifiers(
      organizationId: string,
      query: PaginationQuery & { entityId?: string; isActive?: boolean },
      options?: TxOptions,
    ): Promise<{ items: PriceModifier[]; total: number }> {
      const db = options?.trx ?? context.db;
      let select = pricingScope(db, organizationId).selectFrom("pricingModifiers");
      if (query.entityId) select = select.where("entityId", "=", query.entityId);
      if (query.isActive !== undefined) select = select.where("isActive", "=", query.isActive);
      const [rows, counted] = await Promise.all([
        select
          .select(MODIFIER_COLUMNS)
          .orderBy("kind", "desc")
          .orderBy("priority")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map(toModifier), total: Number(counted?.count ?? 0) };
    },
  };
}
