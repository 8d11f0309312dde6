import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { AppError } from "../../kernel/app-error.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { pricingScope, type PricingContext } from "./pricing-context.js";

/** One base price (no customer group) of a bulk write. */
export interface BulkPriceInput {
  entityId: string;
  variantId: string | null;
  /** ISO 4217, upper case. */
  currency: string;
  /** Minor units. */
  amount: number;
}

/** Rows per INSERT, far below PostgreSQL's bind parameter limit. */
const CHUNK = 2_000;

export function createBulkPriceOperations(context: PricingContext) {
  return {
    /**
     * Sets many base prices in set-based upserts on the caller's transaction (a bulk import's batch):
     * one row per (entity, variant, currency), so the same input twice changes nothing the second time.
     * The entities must be the organization's (checked in one query, 404 otherwise); variants are taken
     * as the catalog answered them to the caller. No event per price: the caller announces its batch.
     * Answers how many rows were inserted or changed.
     */
    async setPricesInBulk(
      organizationId: string,
      prices: readonly BulkPriceInput[],
      { trx }: Required<TxOptions>,
    ): Promise<number> {
      if (prices.length === 0) return 0;
      const entityIds = [...new Set(prices.map((price) => price.entityId))];
      const existing = await context.services.catalog.existingEntityIds(organizationId, entityIds, { trx });
      if (existing.size !== entityIds.length) throw AppError.notFound("Catalog entity");
      const now = new Date();
      let written = 0;
      for (let start = 0; start < prices.length; start += CHUNK) {
        const part = prices.slice(start, start + CHUNK);
        const rows = await pricingScope(trx, organizationId)
          .insertInto(
            "pricingPrices",
            part.map((price) => ({
              id: randomUUID(),
              entityId: price.entityId,
              variantId: price.variantId,
              currency: price.currency,
              customerGroupId: null,
              amount: price.amount,
            })),
          )
          .onConflict((oc) =>
            oc
              .constraint("pricing_prices_target_unique")
              .doUpdateSet({ amount: sql`excluded.amount`, updatedAt: now })
              // An unchanged price is not rewritten: a re-run of the same import leaves rows (and their updated_at) alone.
              .where(sql<boolean>`pricing_prices.amount is distinct from excluded.amount`),
          )
          .returning("id")
          .execute();
        written += rows.length;
      }
      return written;
    },
  };
}
