import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { z } from "zod";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import type { upsertPriceInput } from "./pricing-schemas.js";
import { PRICE_COLUMNS, pricingScope, toPrice, type Price, type PricingContext } from "./pricing-context.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** What `upsertPrice` takes: the input of the route's body schema. */
export type UpsertPriceInput = z.input<typeof upsertPriceInput>;

export interface PriceListQuery extends PaginationQuery {
  entityId?: string;
  variantId?: string;
  currency?: string;
  customerGroupId?: string;
}

export function createPriceOperations(context: PricingContext) {
  return {
    /**
     * Sets the price of (entity, variant, currency, customer group): one row per target, so a second call
     * updates the amount. Emits `pricing.create` or `pricing.update` in the same transaction.
     */
    async upsertPrice(
      organizationId: string,
      input: UpsertPriceInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<{ price: Price; isCreated: boolean }> {
      const variantId = input.variantId ?? null;
      const customerGroupId = input.customerGroupId ?? null;
      return inTransaction(context.database, options, async (trx) => {
        await context.services.catalog.requireSaleTarget(
          organizationId,
          { entityId: input.entityId, variantId },
          { trx },
        );
        const scope = pricingScope(trx, organizationId);
        const before = await scope
          .selectFrom("pricingPrices")
          .select(PRICE_COLUMNS)
          .where("entityId", "=", input.entityId)
          .where("currency", "=", input.currency)
          .where(sql<boolean>`variant_id is not distinct from ${variantId}`)
          .where(sql<boolean>`customer_group_id is not distinct from ${customerGroupId}`)
          .forUpdate()
          .executeTakeFirst();
        const row = await scope
          .insertInto("pricingPrices", {
            id: randomUUID(),
            entityId: input.entityId,
            variantId,
            currency: input.currency,
            customerGroupId,
            amount: input.amount,
          })
          .onConflict((oc) =>
            oc.constraint("pricing_prices_target_unique").doUpdateSet({ amount: input.amount, updatedAt: new Date() }),
          )
          .returning([...PRICE_COLUMNS, sql<boolean>`xmax = 0`.as("isInserted")])
          .executeTakeFirstOrThrow();
        const { isInserted, ...stored } = row;
        const price = toPrice(stored);
        await context.events.emit(
          {
            organizationId,
            type: isInserted ? "pricing.create" : "pricing.update",
            entityType: "price",
            entityId: price.id,
            payload: {
              change: isInserted ? "priceCreated" : "priceUpdated",
              before: before ? toPrice(before) : null,
              after: price,
            },
            actor,
          },
          { trx },
        );
        return { price, isCreated: isInserted };
      });
    },

    async listPrices(
      organizationId: string,
      query: PriceListQuery,
      options?: TxOptions,
    ): Promise<{ items: Price[]; total: number }> {
      const db = options?.trx ?? context.db;
      let select = pricingScope(db, organizationId).selectFrom("pricingPrices");
      if (query.entityId) select = select.where("entityId", "=", query.entityId);
      if (query.variantId) select = select.where("variantId", "=", query.variantId);
      if (query.currency) select = select.where("currency", "=", query.currency);
      if (query.customerGroupId) select = select.where("customerGroupId", "=", query.customerGroupId);
      const [rows, counted] = await Promise.all([
        select
          .select(PRICE_COLUMNS)
          .orderBy("entityId")
          .orderBy("variantId")
          .orderBy("currency")
          .orderBy("customerGroupId")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map(toPrice), total: Number(counted?.count ?? 0) };
    },
  };
}
