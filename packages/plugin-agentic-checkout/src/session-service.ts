import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import {
  AppError,
  inTransaction,
  inTransactionWithHookErrors,
  isAppError,
  tenantScope,
  type Actor,
  type CoreTables,
  type DatabaseAccess,
  type PlacedOrder,
  type ServiceContext,
  type ShippingAddress,
} from "@unified-commerce/plugin-sdk";
import type {
  AcpMessage,
  CheckoutSession,
  CompleteSessionBody,
  CreateSessionBody,
  UpdateSessionBody,
} from "./acp-schemas.js";
import { sessionNotFound } from "./acp-errors.js";
import { deliverOrderEvent, type OrderWebhook } from "./order-webhook.js";
import type { AcpTables } from "./session-tables.js";
import {
  completedSession,
  DIGITAL_OPTION_ID,
  priceSession,
  type SessionRow,
  type ViewContext,
} from "./session-view.js";

type Db = Transaction<CoreTables> | DatabaseAccess["db"];
type Item = NonNullable<CreateSessionBody["line_items"]>[number];
type AcpAddress = NonNullable<NonNullable<SessionRow["fulfillmentDetails"]>["address"]>;

/** The spec's address as the cart stores it (the shipping module matches zones on country, state, postal code). */
const cartAddressOf = (address: AcpAddress | undefined): ShippingAddress | null =>
  address
    ? {
        line1: address.line_one,
        city: address.city,
        ...(address.state ? { state: address.state } : {}),
        postalCode: address.postal_code,
        country: address.country.toUpperCase(),
      }
    : null;

export interface AgenticCheckoutContext extends ViewContext {
  database: DatabaseAccess;
  secrets: ServiceContext["secrets"];
  webhook: OrderWebhook | null;
}

const sessionsOf = (db: Db, organizationId: string) => tenantScope(db.withTables<AcpTables>(), organizationId);

const invalid = (param: string, message: string): AppError =>
  new AppError("ACP_INVALID_FIELD", { message, issues: [{ path: `body.${param}`, message }] });

/** `<entityId>` or `<entityId>:<variantId>` as the cart's line reference. */
const refOf = (item: Item) => {
  const [entityId, variantId] = item.id.toLowerCase().split(":") as [string, string | undefined];
  return { entityId, variantId: variantId ?? null };
};

const sameRef = (
  a: { entityId: string; variantId: string | null },
  b: { entityId: string; variantId: string | null },
) => a.entityId === b.entityId && a.variantId === b.variantId;

/** Why a checkout was refused, as the message the agent shows (the session stays open). */
function refusalMessage(error: AppError, session: CheckoutSession): AcpMessage {
  const details = (error.details ?? {}) as { reason?: string; itemId?: string };
  const index = session.line_items.findIndex((line) => line.id === details.itemId);
  const param =
    index >= 0
      ? `$.line_items[${index}]`
      : details.reason?.startsWith("SHIPPING_")
        ? "$.selected_fulfillment_options"
        : undefined;
  const code =
    details.reason === "OUT_OF_STOCK"
      ? "out_of_stock"
      : details.reason === "UNKNOWN_PAYMENT_PROVIDER"
        ? "payment_declined"
        : details.reason?.startsWith("PROMOTION_")
          ? "coupon_invalid"
          : "invalid";
  return {
    type: "error",
    code,
    severity: "high",
    resolution: code === "payment_declined" ? "requires_buyer_input" : "recoverable",
    ...(param ? { param } : {}),
    content_type: "plain",
    content: error.message,
  };
}

/**
 * `services.agenticCheckout`: Agentic Checkout sessions over carts. A session owns a guest cart (its token
 * sealed in the session's row) and adds what a cart lacks: the buyer and the fulfillment details (the
 * address and the chosen shipping options are the cart's, the shipping module's). Completion runs checkout (server prices, promotions, tax, stock taken with the
 * guarded statement) in one transaction with the session's own row, locked first.
 */
export function createAgenticCheckoutService(context: AgenticCheckoutContext) {
  const { database, services, secrets } = context;

  const cartTarget = (row: SessionRow, promotionCodes: readonly string[] = row.promotionCodes) => ({
    organizationId: row.organizationId,
    cartId: row.cartId,
    actor: null,
    cartToken: secrets.open(row.sealedCartToken),
    promotionCodes,
  });

  const lockOpen = async (trx: Transaction<CoreTables>, organizationId: string, id: string): Promise<SessionRow> => {
    const row = await sessionsOf(trx, organizationId)
      .selectFrom("acpCheckoutSessions")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw sessionNotFound();
    if (row.state !== "open")
      throw new AppError("ACP_SESSION_CLOSED", { message: `The checkout session is ${row.state}` });
    return row;
  };

  /** Adds the agent's items to the cart (or sets them, replacing what is there); a bad item is a 400 naming it. */
  const setItems = async (
    trx: Transaction<CoreTables>,
    row: SessionRow,
    items: readonly Item[],
    isReplacing: boolean,
  ) => {
    const target = cartTarget(row, []);
    const current = isReplacing ? (await services.carts.get(target, { trx })).cart.items : [];
    for (const [index, item] of items.entries()) {
      const ref = refOf(item);
      const quantity = item.quantity ?? 1;
      const existing = current.find((line) => sameRef(line, ref));
      try {
        if (existing && existing.quantity !== quantity)
          await services.carts.updateItem(target, existing.id, { quantity }, { trx });
        else if (!existing) await services.carts.addItem(target, { ...ref, quantity }, { trx });
      } catch (error) {
        if (isAppError(error) && error.status === 422)
          throw invalid(`line_items.${index}.id`, error.issues?.[0]?.message ?? error.message);
        throw error;
      }
    }
    for (const line of current) {
      if (!items.some((item) => sameRef(refOf(item), line))) await services.carts.removeItem(target, line.id, { trx });
    }
  };

  /** Checks the discount codes against the cart (an unknown code is a 400 naming it); answers them upper-cased as stored. */
  const checkCodes = async (
    trx: Transaction<CoreTables>,
    row: SessionRow,
    codes: readonly string[],
  ): Promise<string[]> => {
    for (const [index, code] of codes.entries()) {
      try {
        await services.carts.get(cartTarget(row, [code]), { trx });
      } catch (error) {
        if (isAppError(error) && error.status === 422)
          throw invalid(`discounts.codes.${index}`, `Unknown discount code ${code}`);
        throw error;
      }
    }
    return [...codes];
  };

  /** The cart priced now and its shipping options (the module's, for the cart's address), as the agent sees them. */
  const shippingOf = async (row: SessionRow, options: { trx?: Transaction<CoreTables> }) => {
    const target = cartTarget(row);
    const { cart } = await services.carts.get(target, options);
    const shippingQuote = await services.carts.shippingOptions({ ...target, explain: false }, options);
    return { cart, shippingQuote };
  };

  /**
   * Stores the session's address on the cart with the chosen shipping options (`chosen`, else the cart's
   * current ones) that still apply there; an option the address or the lines no longer allow is dropped,
   * so the agent is asked to select again rather than refused at completion.
   */
  const syncShipping = async (trx: Transaction<CoreTables>, row: SessionRow, chosen?: readonly string[]) => {
    const target = cartTarget(row, []);
    const address = cartAddressOf(row.fulfillmentDetails?.address);
    const current = (await services.carts.get(target, { trx })).cart.shippingOptionIds;
    await services.carts.setShipping(target, { address, optionIds: [] }, { trx });
    const quote = await services.carts.shippingOptions({ ...target, explain: false }, { trx });
    const applies = (id: string) =>
      quote.groups.some((group) => group.options.some((option) => option.id === id && option.isApplicable));
    const picked = chosen ?? [];
    // A new choice replaces the current one of its group; the other groups keep theirs.
    const groupOf = (id: string) => quote.groups.findIndex((group) => group.options.some((option) => option.id === id));
    const kept = current.filter((id) => applies(id) && !picked.some((pick) => groupOf(pick) === groupOf(id)));
    const optionIds = [...kept, ...picked.filter(applies)];
    if (optionIds.length > 0) await services.carts.setShipping(target, { address, optionIds }, { trx });
  };

  const view = async (db: Db, row: SessionRow): Promise<CheckoutSession> => {
    const trxOption = "isTransaction" in db && db.isTransaction ? { trx: db as Transaction<CoreTables> } : {};
    if (row.state === "completed" && row.orderId)
      return completedSession(context, row, await services.orders.get(row.organizationId, row.orderId, trxOption));
    const { cart, shippingQuote } = await shippingOf(row, trxOption);
    return (await priceSession(context, row, cart, shippingQuote, trxOption)).session;
  };

  return {
    /** Opens a session: a guest cart with the agent's items, priced by the server. */
    async create(input: { organizationId: string; actor: Actor; body: CreateSessionBody }): Promise<CheckoutSession> {
      const { organizationId, actor, body } = input;
      const general = await services.settings.get(organizationId, "general");
      const currency = (body.currency ?? general.currency ?? "USD").toUpperCase();
      return inTransaction(database, undefined, async (trx) => {
        const created = await services.carts.create({ organizationId, caller: { actor }, body: { currency } }, { trx });
        const row = await sessionsOf(trx, organizationId)
          .insertInto("acpCheckoutSessions", {
            id: `cs_${randomUUID().replaceAll("-", "")}`,
            cartId: created.cart.id,
            sealedCartToken: secrets.seal(created.cartToken),
            currency,
            buyer: body.buyer ? JSON.stringify(body.buyer) : null,
            fulfillmentDetails: body.fulfillment_details ? JSON.stringify(body.fulfillment_details) : null,
            selectedOptionId: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await setItems(trx, row, body.line_items ?? body.items ?? [], false);
        if (row.fulfillmentDetails?.address) await syncShipping(trx, row);
        if (!body.discounts?.codes.length) return view(trx, row);
        const codes = await checkCodes(trx, row, body.discounts.codes);
        const updated = await sessionsOf(trx, organizationId)
          .updateTable("acpCheckoutSessions")
          .set({ promotionCodes: JSON.stringify(codes) })
          .where("id", "=", row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return view(trx, updated);
      });
    },

    /** A session as it stands: an open one priced now, a completed one from its order. */
    async get(organizationId: string, id: string): Promise<CheckoutSession> {
      const row = await sessionsOf(database.db, organizationId)
        .selectFrom("acpCheckoutSessions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw sessionNotFound();
      return view(database.db, row);
    },

    /**
     * Changes an open session: items (the list replaces the cart's lines), buyer, fulfillment details,
     * the selected fulfillment option (one the answer offers, else a 400) and discount codes.
     */
    async update(input: { organizationId: string; id: string; body: UpdateSessionBody }): Promise<CheckoutSession> {
      const { organizationId, id, body } = input;
      return inTransaction(database, undefined, async (trx) => {
        const row = await lockOpen(trx, organizationId, id);
        const items = body.line_items ?? body.items;
        if (items) await setItems(trx, row, items, true);
        const chosen = [
          ...(body.selected_fulfillment_options ?? [])
            .filter((option) => option.type === "shipping")
            .map((option) => option.option_id),
          ...(body.fulfillment_option_id !== undefined ? [body.fulfillment_option_id] : []),
        ].filter((optionId) => optionId !== DIGITAL_OPTION_ID);
        const codes = body.discounts ? await checkCodes(trx, row, body.discounts.codes) : undefined;
        const updated = await sessionsOf(trx, organizationId)
          .updateTable("acpCheckoutSessions")
          .set({
            ...(body.buyer ? { buyer: JSON.stringify(body.buyer) } : {}),
            ...(body.fulfillment_details ? { fulfillmentDetails: JSON.stringify(body.fulfillment_details) } : {}),
            ...(codes ? { promotionCodes: JSON.stringify(codes) } : {}),
            updatedAt: new Date(),
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // The choice must be one this answer offers (an option of the module that applies to the cart's
        // address and lines), else a 400 and nothing changes.
        if (items || body.fulfillment_details || chosen.length > 0) {
          await syncShipping(trx, updated);
          if (chosen.length > 0) {
            const offered = (await view(trx, updated)).fulfillment_options;
            for (const [index, optionId] of chosen.entries()) {
              if (!offered.some((option) => option.id === optionId && option.type === "shipping"))
                throw invalid(
                  `selected_fulfillment_options.${index}.option_id`,
                  `No fulfillment option ${optionId} for this session`,
                );
            }
            await syncShipping(trx, updated, chosen);
          }
        }
        const session = await view(trx, updated);
        return session;
      });
    },

    /**
     * Completes a ready session: checkout (which prices the cart's chosen shipping options again), in one
     * transaction with the session's row (locked first, so one completion of a session runs at a time).
     * A session not ready, a payment handler this store lacks, or a checkout refused (out of stock...)
     * answers the open session with an error message and changes nothing.
     */
    async complete(input: {
      organizationId: string;
      actor: Actor;
      id: string;
      body: CompleteSessionBody;
    }): Promise<{ session: CheckoutSession; isCompleted: boolean }> {
      const { organizationId, actor, id, body } = input;
      const payment = body.payment_data;
      const handler = payment.handler_id ?? payment.provider ?? "";
      const token = payment.instrument?.credential.token ?? payment.token;
      const paymentMethodId =
        services.payments.providerOf(handler) !== null &&
        token &&
        services.payments.providerOf(`${handler}:${token}`) !== null
          ? `${handler}:${token}`
          : handler;
      try {
        const { result } = await inTransactionWithHookErrors(database, undefined, async (trx) => {
          const row = await lockOpen(trx, organizationId, id);
          const current = body.buyer
            ? await sessionsOf(trx, organizationId)
                .updateTable("acpCheckoutSessions")
                .set({ buyer: JSON.stringify(body.buyer), updatedAt: new Date() })
                .where("id", "=", id)
                .returningAll()
                .executeTakeFirstOrThrow()
            : row;
          const { cart, shippingQuote } = await shippingOf(current, { trx });
          const priced = await priceSession(context, current, cart, shippingQuote, { trx });
          if (priced.session.status !== "ready_for_payment")
            return { row: current, session: priced.session, placed: null };
          if (services.payments.providerOf(paymentMethodId) === null) {
            const declined: AcpMessage = {
              type: "error",
              code: "payment_declined",
              severity: "high",
              resolution: "requires_buyer_input",
              param: "$.payment_data.handler_id",
              content_type: "plain",
              content: `This store does not take payments through ${handler}`,
            };
            return {
              row: current,
              session: { ...priced.session, messages: [...priced.session.messages, declined] },
              placed: null,
            };
          }
          const address = current.fulfillmentDetails?.address;
          const { result: placed }: { result: PlacedOrder } = await services.checkout.checkout(
            {
              organizationId,
              actor,
              cartToken: secrets.open(current.sealedCartToken),
              body: {
                cartId: current.cartId,
                paymentMethodId,
                currency: current.currency,
                promotionCodes: priced.applicableCodes,
                ...(priced.isPhysical && address
                  ? {
                      shippingAddress: {
                        line1: address.line_one,
                        city: address.city,
                        state: address.state,
                        postalCode: address.postal_code,
                        country: address.country.toUpperCase(),
                      },
                    }
                  : {}),
              },
            },
            { trx },
          );
          const completed = await sessionsOf(trx, organizationId)
            .updateTable("acpCheckoutSessions")
            .set({ state: "completed", orderId: placed.id, updatedAt: new Date() })
            .where("id", "=", id)
            .returningAll()
            .executeTakeFirstOrThrow();
          return { row: completed, session: null, placed };
        });
        if (result.placed) return { session: completedSession(context, result.row, result.placed), isCompleted: true };
        return { session: result.session, isCompleted: false };
      } catch (error) {
        if (!isAppError(error) || error.code !== "CHECKOUT_FAILED") throw error;
        const refused = await this.get(organizationId, id);
        return {
          session: {
            ...refused,
            status: "not_ready_for_payment",
            messages: [...refused.messages, refusalMessage(error, refused)],
          },
          isCompleted: false,
        };
      }
    },

    /** Cancels an open session (the cart is left to expire); a completed or canceled one is a 405. */
    async cancel(input: { organizationId: string; id: string }): Promise<CheckoutSession> {
      const { organizationId, id } = input;
      return inTransaction(database, undefined, async (trx) => {
        const row = await sessionsOf(trx, organizationId)
          .selectFrom("acpCheckoutSessions")
          .selectAll()
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw sessionNotFound();
        if (row.state !== "open")
          throw new AppError("ACP_SESSION_NOT_CANCELABLE", { message: `The checkout session is already ${row.state}` });
        const canceled = await sessionsOf(trx, organizationId)
          .updateTable("acpCheckoutSessions")
          .set({ state: "canceled", updatedAt: new Date() })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return view(trx, canceled);
      });
    },

    /** The session an order came from (by its cart), or undefined for an order placed elsewhere. */
    async sessionOfOrder(
      organizationId: string,
      order: { id: string; cartId?: string },
      options: { trx?: Transaction<CoreTables> } = {},
    ): Promise<string | undefined> {
      let query = sessionsOf(options.trx ?? database.db, organizationId)
        .selectFrom("acpCheckoutSessions")
        .select("id");
      query = order.cartId ? query.where("cartId", "=", order.cartId) : query.where("orderId", "=", order.id);
      return (await query.executeTakeFirst())?.id;
    },

    /** Posts one order event to the agent platform (a job's work: a failure throws, and the queue retries). */
    async deliverOrderEvent(
      organizationId: string,
      input: { orderId: string; type: "order_create" | "order_update" },
    ): Promise<{ status: number } | null> {
      if (!context.webhook) return null;
      const sessionId = await this.sessionOfOrder(organizationId, { id: input.orderId });
      if (!sessionId) return null;
      const order = await services.orders.get(organizationId, input.orderId);
      return deliverOrderEvent({ orderUrl: context.orderUrl, outbound: services.outbound }, context.webhook, {
        type: input.type,
        sessionId,
        order,
      });
    },
  };
}

export type AgenticCheckoutService = ReturnType<typeof createAgenticCheckoutService>;
