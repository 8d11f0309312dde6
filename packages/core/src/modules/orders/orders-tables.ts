import type { ColumnType } from "kysely";
import type { z } from "zod";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { orderLineSchema, orderSchema, shippingAddressSchema } from "./orders-schemas.js";

type ShippingAddress = z.output<typeof shippingAddressSchema>;

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type OrdersTables = {
  orders: TableOf<
    Omit<z.output<typeof orderSchema>, "lines">,
    { organizationId: string; shippingAddress: ColumnType<ShippingAddress | null, string | null, string | null>; createdAt: Timestamp; updatedAt: Timestamp }
  >;
  /** `lineItemId` is the row's `id`; `position` keeps the cart's order of lines. */
  orderLines: TableOf<Omit<z.output<typeof orderLineSchema>, "lineItemId">, { id: string; organizationId: string; orderId: string; position: number; createdAt: Timestamp }>;
  /** The last number handed out per organization and year; see `allocateOrderNumber`. */
  orderNumberCounters: { organizationId: string; year: number; lastValue: number };
};

export type OrdersDb = CoreTables & OrdersTables;
