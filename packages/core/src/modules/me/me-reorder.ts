import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { type Cart, MAX_ITEM_QUANTITY } from "../carts/index.js";
import { saleItemKey, type SaleItem } from "../catalog/index.js";
import type { OrderLine } from "../orders/index.js";
import type { reorderSkipReasonSchema, skippedLineSchema } from "./me-schemas.js";
import { customerOf } from "./me-customer.js";

export type ReorderSkipReason = z.output<typeof reorderSkipReasonSchema>;
export type SkippedLine = z.output<typeof skippedLineSchema>;

/** What a reorder made: the new cart, its token (shown only here), and the lines left out. */
export interface Reorder {
  cart: Cart & { cartToken: string };
  skipped: SkippedLine[];
}

/** One thing to buy again: an order's lines of the same entity and variant, added up. */
interface WantedLine {
  entityId: string;
  variantId: string | null;
  title: string;
  quantity: number;
}

/** Why an item is no longer sold as it was, or null when it still is. */
function skipReason(item: SaleItem | undefined, hasPrice: boolean): ReorderSkipReason | null {
  if (!item) return "deleted";
  if (item.status === "discontinued") return "discontinued";
  if (item.status !== "active") return "unpublished";
  return hasPrice ? null : "no_price";
}

function wantedLines(lines: readonly OrderLine[]): WantedLine[] {
  const byItem = new Map<string, WantedLine>();
  for (const line of lines) {
    const key = saleItemKey(line);
    const seen = byItem.get(key);
    // A cart line holds at most MAX_ITEM_QUANTITY units; an order made from a cart never has more.
    if (seen) seen.quantity = Math.min(MAX_ITEM_QUANTITY, seen.quantity + line.quantity);
    else
      byItem.set(key, {
        entityId: line.entityId,
        variantId: line.variantId,
        title: line.title,
        quantity: Math.min(MAX_ITEM_QUANTITY, line.quantity),
      });
  }
  return [...byItem.values()];
}

/** Buying an earlier order again: a new cart of the customer, priced today. */
export function createReorder({ database, services }: { database: DatabaseAccess; services: Services }) {
  return {
    /**
     * Makes a NEW cart owned by the signed-in customer holding the items of one of their orders, at the
     * quantities ordered (lines of the same item added up), priced now by the cart (the order's prices
     * are history). An item that is deleted, no longer published (`draft`, `archived`), `discontinued`,
     * or without a price in the order's currency is left out and listed in `skipped`. When nothing is
     * left, no cart is made: 409 CONFLICT with `details.skipped`. Stock is not reserved: checkout checks
     * it. One transaction: the cart, its lines and their `cart.afterAddItem` events, or nothing.
     */
    async reorder(
      input: { organizationId: string; actor: Actor; idOrNumber: string },
      options?: TxOptions,
    ): Promise<Reorder> {
      const { organizationId, actor } = input;
      const customerId = customerOf(actor);
      return inTransaction(database, options, async (trx) => {
        const order = await services.orders.getForCustomer(organizationId, customerId, input.idOrNumber, { trx });
        const wanted = wantedLines(order.lines);
        const refs = wanted.map(({ entityId, variantId }) => ({ entityId, variantId }));
        const [described, prices] = await Promise.all([
          services.catalog.describeSaleItems(organizationId, refs, { trx }),
          services.pricing.resolve({ organizationId, currency: order.currency, lines: refs }, { trx }),
        ]);
        const skipped: SkippedLine[] = [];
        const sellable: WantedLine[] = [];
        wanted.forEach((line, index) => {
          const reason = skipReason(described.get(saleItemKey(line)), Boolean(prices[index]));
          if (reason === null) sellable.push(line);
          else skipped.push({ ...line, reason });
        });
        if (sellable.length === 0) {
          throw new AppError("CONFLICT", { message: "Nothing of this order is sold any more", details: { skipped } });
        }

        const created = await services.carts.create(
          { organizationId, caller: { actor }, body: { currency: order.currency } },
          { trx },
        );
        let { cart } = created;
        for (const { entityId, variantId, quantity } of sellable) {
          // The cart's own rules (published, priced, at most 999 a line) run again here: the checks above
          // only name the reasons, the cart stays the one place that decides what it holds. No price
          // snapshot is sent: the answer's prices are today's, with nothing to compare them to.
          ({ cart } = await services.carts.addItem(
            { organizationId, cartId: cart.id, actor },
            { entityId, variantId, quantity },
            { trx },
          ));
        }
        return { cart: { ...cart, cartToken: created.cartToken }, skipped };
      });
    },
  };
}
