import {
  AppError,
  hasPermission,
  type Actor,
  type DatabaseAccess,
  type EventBus,
  type Order,
  type Refund,
  type Services,
  type WithHookErrors,
} from "@unified-commerce/plugin-sdk";

/** `POST /api/pos/exchanges`: units of an order's lines back, other items out, in one go. */
export interface ExchangeInput {
  organizationId: string;
  actor: Actor;
  orderId: string;
  /** Units of the order's lines coming back. */
  returnLines: readonly { lineItemId: string; quantity: number }[];
  /** What the customer takes instead, priced by the server. */
  replacementLines: readonly { entityId: string; variantId?: string | null; quantity: number }[];
  /** Where the returned units go back on the shelf. */
  warehouseId: string;
  reason?: string | undefined;
}

export interface ExchangeResult {
  refund: Refund;
  replacement: Order;
  /** Replacement total minus the refund, in minor units: positive, the customer owes; negative, the store. */
  difference: number;
  /**
   * What changes hands at the till through the `manual` adapter: the difference when the original order
   * was paid manually too (its refund is paid back by hand), else the replacement's whole total (the
   * refund then goes back through the original payment's provider). Positive: charged; negative: paid out.
   */
  settledAtTill: number;
}

export interface PosExchangesContext {
  database: DatabaseAccess;
  events: EventBus;
  services: Services;
}

/** The payment method of replacement orders: settled at the till. */
export const EXCHANGE_PAYMENT_METHOD = "manual";
const ON_BEHALF = "orders:create:on-behalf";

/** Exchanges: a return and a replacement order as one transaction. */
export function createPosExchanges({ database, events, services }: PosExchangesContext) {
  return {
    /**
     * In ONE transaction: refunds the returned units (the orders service: refundable quantities, the
     * server's amounts, the operator's daily cap; final, without an undo window), puts them back in stock
     * (`return` adjustments), checks a new cart of the replacement lines out with the `manual` adapter
     * (prices, promotions, tax and the guarded stock take of checkout itself), confirms that order as paid
     * at the till, and records `pos.exchange`. Any refusal on the way (cap, stock, a line that is not the
     * order's) rolls every step back. The replacement's `orders.afterCreate` hooks run after the commit;
     * their failures come back as `hookErrors` (the exchange itself stands).
     */
    async exchange(input: ExchangeInput): Promise<WithHookErrors<ExchangeResult>> {
      const { organizationId, actor, orderId, warehouseId } = input;
      return database.transactionWithHookErrors(async (trx) => {
        const order = await services.orders.get(organizationId, orderId, { trx });
        // Final: undone alone, the refund would make its units refundable again while they are back on the
        // shelf and the replacement is handed over.
        const refund = await services.orders.refund(
          {
            organizationId,
            orderId: order.id,
            actor,
            lines: [...input.returnLines],
            reason: input.reason ?? "exchange",
            isUndoable: false,
          },
          { trx },
        );

        for (const returned of input.returnLines) {
          const line = order.lines.find((candidate) => candidate.lineItemId === returned.lineItemId);
          if (!line) throw AppError.validation([{ path: "body.returnLines", message: "not a line of this order" }]);
          await services.inventory.adjust(
            organizationId,
            {
              entityId: line.entityId,
              variantId: line.variantId,
              warehouseId,
              type: "return",
              quantity: returned.quantity,
              note: `exchange of order ${order.number}`,
            },
            actor,
            { trx },
          );
        }

        const created = await services.carts.create(
          { organizationId, caller: { actor }, body: { currency: order.currency } },
          { trx },
        );
        const cart = { id: created.cart.id, cartToken: created.cartToken };
        for (const line of input.replacementLines) {
          await services.carts.addItem(
            { organizationId, cartId: cart.id, actor, cartToken: cart.cartToken },
            { entityId: line.entityId, variantId: line.variantId ?? null, quantity: line.quantity },
            { trx },
          );
        }
        const customerId = order.customerId !== null && hasPermission(actor, ON_BEHALF) ? order.customerId : undefined;
        const { result: placed } = await services.checkout.checkout(
          {
            organizationId,
            actor,
            cartToken: cart.cartToken,
            body: {
              cartId: cart.id,
              paymentMethodId: EXCHANGE_PAYMENT_METHOD,
              currency: order.currency,
              ...(customerId ? { customerId } : {}),
            },
            // Handed over at the till: no shipping is charged, even in a store whose carts need a shipping option.
            shipping: { amount: 0 },
          },
          { trx },
        );
        // The till settles the replacement on the spot (`settledAtTill`), so it is paid: confirmed here, as
        // staff confirm a manual payment. Left `pending`, it could never be refunded or exchanged in turn.
        await services.orders.confirmPayment({ organizationId, orderId: placed.id }, { trx });
        const replacement = await services.orders.get(organizationId, placed.id, { trx });
        const difference = replacement.total - refund.amount;
        const wasManual = services.payments.providerOf(order.paymentMethodId) === EXCHANGE_PAYMENT_METHOD;
        await events.emit(
          {
            organizationId,
            type: "pos.exchange",
            entityType: "order",
            entityId: order.id,
            payload: {
              operatorId: refund.actorId,
              orderId: order.id,
              refundId: refund.id,
              replacementOrderId: replacement.id,
              difference,
            },
            actor,
          },
          { trx },
        );
        return { refund, replacement, difference, settledAtTill: wasManual ? difference : replacement.total };
      });
    },
  };
}
