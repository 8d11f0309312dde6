import type { Selectable, Transaction } from "kysely";
import type { Cart, CoreTables, Order, Services, ShippingQuote } from "@unified-commerce/plugin-sdk";
import { PROTOCOL_VERSION } from "./acp-declarations.js";
import type { AcpMessage, AcpOrder, AcpTotal, CheckoutSession } from "./acp-schemas.js";
import type { AcpTables } from "./session-tables.js";

/** A session row as read. */
export type SessionRow = Selectable<AcpTables["acpCheckoutSessions"]>;

/** The media role that makes a line digital (core's downloads). */
const DOWNLOAD_ROLE = "download";

/** The option a session of digital lines only is fulfilled by: nothing to ship. */
export const DIGITAL_OPTION_ID = "digital";

/** What the view needs besides the row: the services, and where orders are shown. */
export interface ViewContext {
  services: Services;
  orderUrl: (order: Order) => string;
}

/** A session priced now: its answer, and what completion charges. */
export interface PricedSession {
  session: CheckoutSession;
  /** Whether some line needs shipping. */
  isPhysical: boolean;
  /** Codes that apply now; completion redeems these. */
  applicableCodes: string[];
}

const total = (type: AcpTotal["type"], display_text: string, amount: number): AcpTotal => ({
  type,
  display_text,
  amount,
});

/** A line's totals, a cart line's or an order line's alike. */
const lineTotals = (line: { subtotal: number; discount: number; tax: number; total: number }): AcpTotal[] => [
  total("items_base_amount", "Base amount", line.subtotal),
  total("items_discount", "Discount", line.discount),
  total("subtotal", "Subtotal", line.subtotal - line.discount),
  total("tax", "Tax", line.tax),
  total("total", "Total", line.total),
];
const error = (
  code: string,
  content: string,
  param?: string,
  resolution: AcpMessage["resolution"] = "requires_buyer_input",
): AcpMessage => ({
  type: "error",
  code,
  severity: "high",
  resolution,
  ...(param ? { param } : {}),
  content_type: "plain",
  content,
});

/** `<entityId>` or `<entityId>:<variantId>`: how an agent names what it buys. */
export const itemRefOf = (line: { entityId: string; variantId: string | null }): string =>
  line.variantId ? `${line.entityId}:${line.variantId}` : line.entityId;

/** The ACP fields of a session row every view shares. */
function baseOf(row: SessionRow) {
  return {
    id: row.id,
    protocol: { version: PROTOCOL_VERSION },
    capabilities: {},
    ...(row.buyer ? { buyer: row.buyer } : {}),
    currency: row.currency.toLowerCase(),
    ...(row.fulfillmentDetails ? { fulfillment_details: row.fulfillmentDetails } : {}),
    links: [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * An open (or canceled) session from its cart priced now: lines with the server's prices, promotions and
 * tax; fulfillment options from the shipping module (`shippingQuote`, the cart's options that apply,
 * priced by the server with their tax; the cart's chosen methods are the selected ones; a digital line
 * needs none); and the messages that keep it from `ready_for_payment` (a missing address, no option
 * selected, a line out of stock or no longer for sale).
 */
export async function priceSession(
  context: ViewContext,
  row: SessionRow,
  cart: Cart,
  shippingQuote: ShippingQuote,
  options: { trx?: Transaction<CoreTables> } = {},
): Promise<PricedSession> {
  const { services } = context;
  const organizationId = row.organizationId;
  const entityIds = [...new Set(cart.items.map((item) => item.entityId))];
  const [attachments, stock] = await Promise.all([
    services.media.attachmentsOf(organizationId, entityIds, options),
    entityIds.length === 0 ? [] : services.inventory.check(organizationId, entityIds, options),
  ]);
  const downloads = attachments.filter((attachment) => attachment.role === DOWNLOAD_ROLE);
  const isDigital = (item: Cart["items"][number]) =>
    downloads.some(
      (attachment) =>
        attachment.entityId === item.entityId &&
        (attachment.variantId === null || attachment.variantId === item.variantId),
    );
  const availableOf = (item: Cart["items"][number]): number => {
    const entity = stock.find((candidate) => candidate.entityId === item.entityId);
    if (!entity) return 0;
    if (item.variantId === null) return entity.available;
    return entity.levels
      .filter((level) => level.variantId === item.variantId)
      .reduce((sum, level) => sum + level.available, 0);
  };

  const messages: AcpMessage[] = [];
  const lineItems = cart.items.map((item, index) => {
    const available = Math.max(0, availableOf(item));
    const param = `$.line_items[${index}]`;
    if (!item.isAvailable)
      messages.push(error("invalid", `${item.title ?? "This item"} is no longer for sale`, param, "recoverable"));
    else if (available < item.quantity)
      messages.push(
        error("out_of_stock", `Only ${available} of ${item.title ?? "this item"} left`, param, "recoverable"),
      );
    return {
      id: item.id,
      item: {
        id: itemRefOf(item),
        ...(item.title ? { name: item.title } : {}),
        ...(item.unitPrice === null ? {} : { unit_amount: item.unitPrice }),
      },
      quantity: item.quantity,
      ...(item.title ? { name: item.title } : {}),
      ...(item.unitPrice === null ? {} : { unit_amount: item.unitPrice }),
      product_id: item.entityId,
      ...(item.variantId ? { variant_id: item.variantId } : {}),
      ...(item.sku ? { sku: item.sku } : {}),
      availability_status:
        available <= 0
          ? ("out_of_stock" as const)
          : available < item.quantity + 5
            ? ("low_stock" as const)
            : ("in_stock" as const),
      available_quantity: available,
      totals: lineTotals(item),
    };
  });

  // The shipping module decides what ships (its `requiresShipping`) once the store has options: a line in
  // one of the quote's groups needs a shipping option, a download that does not ship is `digital`. A quote
  // that requires nothing (no option in the store, or nothing ships) leaves the media rule: every line
  // without a download is physical, and with no option to offer it the session is `region_restricted`.
  const shippedKeys = new Set(
    shippingQuote.groups.flatMap((group) => group.lines.map((line) => `${line.entityId}:${line.variantId}`)),
  );
  const isShipped = (item: Cart["items"][number]) =>
    shippingQuote.isRequired ? shippedKeys.has(`${item.entityId}:${item.variantId}`) : !isDigital(item);
  const physical = cart.items.filter(isShipped);
  const digital = cart.items.filter((item) => !isShipped(item) && isDigital(item));
  const address = row.fulfillmentDetails?.address;
  const offered = shippingQuote.groups.flatMap((group) =>
    group.options
      .filter((option) => option.isApplicable && (address !== undefined || option.isPickup))
      .map((option) => ({ option, group })),
  );
  const chosen = cart.shipping.methods;
  const fulfillmentOptions: CheckoutSession["fulfillment_options"] = [
    ...offered.map(({ option }) => ({
      type: "shipping" as const,
      id: option.id,
      title: option.name,
      totals: [
        total("subtotal", "Shipping", option.net),
        total("tax", "Tax", option.tax),
        total("total", "Total", option.gross),
      ],
    })),
    ...(digital.length > 0
      ? [
          {
            type: "digital" as const,
            id: DIGITAL_OPTION_ID,
            title: "Digital delivery",
            totals: [total("total", "Total", 0)],
          },
        ]
      : []),
  ];
  const linesOf = (profileId: string | null) =>
    physical
      .filter((item) =>
        shippingQuote.groups.some(
          (group) =>
            group.profileId === profileId &&
            group.lines.some((line) => line.entityId === item.entityId && line.variantId === item.variantId),
        ),
      )
      .map((item) => item.id);
  const selected: CheckoutSession["selected_fulfillment_options"] = [
    ...chosen.map((method) => ({
      type: "shipping" as const,
      option_id: method.optionId,
      item_ids: linesOf(method.profileId),
    })),
    ...(digital.length > 0
      ? [{ type: "digital" as const, option_id: DIGITAL_OPTION_ID, item_ids: digital.map((item) => item.id) }]
      : []),
  ];
  if (cart.items.length === 0) messages.push(error("missing", "The session has no items", "$.line_items"));
  if (physical.length > 0 && !address)
    messages.push(error("missing", "A shipping address is required", "$.fulfillment_details.address"));
  else if (physical.length > 0 && offered.length === 0)
    messages.push(
      error("region_restricted", "No shipping option reaches this address", "$.fulfillment_details.address"),
    );
  else if (physical.length > 0 && chosen.length < shippingQuote.groups.length)
    messages.push(error("missing", "Select a fulfillment option", "$.selected_fulfillment_options", "recoverable"));

  const applicable = cart.promotions.filter((promotion) => promotion.isApplicable);
  for (const promotion of cart.promotions.filter((candidate) => !candidate.isApplicable)) {
    messages.push({
      type: "warning",
      code: "discount_code_invalid",
      param: "$.discounts.codes",
      content_type: "plain",
      content: `${promotion.code} does not apply (${promotion.reason ?? "not applicable"})`,
    });
  }
  const isOpen = row.state === "open";
  const isReady = messages.every((message) => message.type !== "error");
  return {
    session: {
      ...baseOf(row),
      status: row.state === "canceled" ? "canceled" : isReady ? "ready_for_payment" : "not_ready_for_payment",
      line_items: lineItems,
      fulfillment_options: fulfillmentOptions,
      selected_fulfillment_options: selected,
      totals: [
        total("items_base_amount", "Items", cart.subtotal),
        total("items_discount", "Item discounts", cart.discountTotal),
        total("subtotal", "Subtotal", cart.subtotal - cart.discountTotal),
        total("fulfillment", "Shipping", cart.shippingTotal - cart.shippingTaxTotal),
        total("tax", "Tax", cart.taxTotal + cart.shippingTaxTotal),
        total("total", "Total", cart.total),
      ],
      messages: isOpen ? messages : [],
      discounts: {
        codes: row.promotionCodes,
        applied: applicable.map((promotion) => ({
          id: promotion.code,
          code: promotion.code,
          coupon: { id: promotion.code, name: promotion.code },
          amount: promotion.discount,
        })),
        rejected: cart.promotions
          .filter((promotion) => !promotion.isApplicable)
          .map((promotion) => ({
            code: promotion.code,
            reason:
              promotion.reason === "USAGE_LIMIT_REACHED"
                ? "discount_code_usage_limit_reached"
                : promotion.reason === "MINIMUM_SUBTOTAL_NOT_MET"
                  ? "discount_code_minimum_not_met"
                  : "discount_code_invalid",
          })),
      },
    },
    isPhysical: physical.length > 0,
    applicableCodes: applicable.map((promotion) => promotion.code),
  };
}

/** The spec's order status for an order's: shipped once anything shipped, canceled when cancelled. */
const ORDER_STATUS: Record<Order["status"], AcpOrder["status"]> = {
  pending: "created",
  confirmed: "confirmed",
  processing: "processing",
  partially_fulfilled: "shipped",
  fulfilled: "shipped",
  refunded: "completed",
  cancelled: "canceled",
};

/** The spec's Order for one of this store's orders (completion answers and webhooks). */
export function acpOrderOf(context: Pick<ViewContext, "orderUrl">, sessionId: string, order: Order): AcpOrder {
  const refunded = order.lines.reduce(
    (sum, line) => sum + Math.round((line.total * line.refundedQuantity) / Math.max(1, line.quantity)),
    0,
  );
  const shipping = order.shippingTotal;
  return {
    type: "order",
    id: order.id,
    checkout_session_id: sessionId,
    order_number: order.number,
    permalink_url: context.orderUrl(order),
    status: ORDER_STATUS[order.status],
    line_items: order.lines.map((line) => {
      const current = line.quantity - line.refundedQuantity;
      return {
        id: line.lineItemId,
        title: line.title,
        product_id: line.entityId,
        quantity: { ordered: line.quantity, current, fulfilled: line.fulfilledQuantity },
        unit_price: line.unitPrice,
        subtotal: line.subtotal,
        status:
          current === 0
            ? "removed"
            : line.fulfilledQuantity >= current
              ? "fulfilled"
              : line.fulfilledQuantity > 0
                ? "partial"
                : "processing",
      };
    }),
    totals: [
      total("subtotal", "Subtotal", order.subtotal - order.discountTotal),
      total("fulfillment", "Shipping", shipping),
      total("tax", "Tax", order.taxTotal),
      total("total", "Total", order.total),
      ...(refunded > 0 ? [total("amount_refunded", "Refunded", refunded)] : []),
    ],
  };
}

/** A completed session from its order: what was bought and charged, frozen. */
export function completedSession(
  context: Pick<ViewContext, "orderUrl">,
  row: SessionRow,
  order: Order,
): CheckoutSession {
  const acpOrder = acpOrderOf(context, row.id, order);
  return {
    ...baseOf(row),
    status: "completed",
    line_items: order.lines.map((line) => ({
      id: line.lineItemId,
      item: { id: itemRefOf(line), name: line.title, unit_amount: line.unitPrice },
      quantity: line.quantity,
      name: line.title,
      unit_amount: line.unitPrice,
      product_id: line.entityId,
      ...(line.variantId ? { variant_id: line.variantId } : {}),
      ...(line.sku ? { sku: line.sku } : {}),
      totals: lineTotals(line),
    })),
    fulfillment_options: [],
    selected_fulfillment_options: [],
    totals: [
      total("items_base_amount", "Items", order.subtotal),
      total("items_discount", "Item discounts", order.discountTotal),
      total("subtotal", "Subtotal", order.subtotal - order.discountTotal),
      total("fulfillment", "Shipping", order.shippingTotal),
      total("tax", "Tax", order.taxTotal),
      total("total", "Total", order.total),
    ],
    messages: [],
    order: acpOrder,
  };
}
