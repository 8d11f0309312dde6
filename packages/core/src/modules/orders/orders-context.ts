import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { orderLineSchema, orderSchema, orderStatusSchema } from "./orders-schemas.js";
import type { OrdersDb, OrdersTables } from "./orders-tables.js";

/** An order as the API answers it, lines included. */
export type Order = z.output<typeof orderSchema>;
export type OrderLine = z.output<typeof orderLineSchema>;
export type OrderStatus = z.output<typeof orderStatusSchema>;

export function ordersScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<OrdersDb> {
  return tenantScope(db.withTables<OrdersTables>(), organizationId);
}

export const ORDER_COLUMNS = [
  "id",
  "number",
  "status",
  "cartId",
  "customerId",
  "currency",
  "isTaxInclusive",
  "paymentMethodId",
  "shippingAddress",
  "promotionCodes",
  "subtotal",
  "discountTotal",
  "taxTotal",
  "shippingTotal",
  "shippingTaxTotal",
  "shippingMethods",
  "total",
  "createdAt",
  "updatedAt",
] as const;

export const ORDER_LINE_COLUMNS = [
  "id",
  "entityId",
  "variantId",
  "title",
  "sku",
  "quantity",
  "refundedQuantity",
  "fulfilledQuantity",
  "unitPrice",
  "subtotal",
  "discount",
  "tax",
  "total",
  "taxRateBps",
] as const;

export type OrderRow = Pick<Selectable<OrdersTables["orders"]>, (typeof ORDER_COLUMNS)[number]>;
export type OrderLineRow = Pick<Selectable<OrdersTables["orderLines"]>, (typeof ORDER_LINE_COLUMNS)[number]>;

export const toOrderLine = ({ id, ...line }: OrderLineRow): OrderLine => ({ lineItemId: id, ...line });

export const toOrder = (row: OrderRow, lines: readonly OrderLineRow[]): Order => ({
  ...row,
  lines: lines.map(toOrderLine),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
