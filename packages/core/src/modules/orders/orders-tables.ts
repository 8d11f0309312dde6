import type { ColumnType } from "kysely";
import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { shippingMethodSchema } from "../shipping/index.js";
import type {
  orderLineSchema,
  orderNoteSchema,
  orderSchema,
  shippingAddressSchema,
  timelineEntrySchema,
} from "./orders-schemas.js";

type ShippingAddress = z.output<typeof shippingAddressSchema>;
type ShippingMethod = z.output<typeof shippingMethodSchema>;

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type OrdersTables = {
  orders: TableOf<
    Omit<z.output<typeof orderSchema>, "lines">,
    {
      organizationId: string;
      shippingAddress: ColumnType<ShippingAddress | null, string | null, string | null>;
      shippingTaxTotal: ColumnType<number, number | undefined, number>;
      /** What refunds that are not undone took of `shippingTotal` (a check keeps it at or below it). */
      shippingRefunded: ColumnType<number, number | undefined, number>;
      shippingMethods: ColumnType<ShippingMethod[], string | undefined, string>;
      createdAt: Timestamp;
      updatedAt: Timestamp;
      /** Who placed the order (`accountableActor` of checkout's actor), for the staff-sales report; null when anonymous. */
      placedById: ColumnType<string | null, string | null | undefined, string | null>;
      placedByType: ColumnType<string | null, string | null | undefined, string | null>;
    }
  >;
  /** `lineItemId` is the row's `id`; `position` keeps the cart's order of lines. */
  orderLines: TableOf<
    Omit<z.output<typeof orderLineSchema>, "lineItemId">,
    { id: string; organizationId: string; orderId: string; position: number; createdAt: Timestamp }
  >;
  /** The last number handed out per organization and year; see `insertNumberedOrder`. */
  orderNumberCounters: { organizationId: string; year: number; lastValue: number };
  /** The answer's `actor` is stored as `actorId`/`actorType`, its `at` as a timestamp. */
  orderTimeline: TableOf<
    Omit<z.output<typeof timelineEntrySchema>, "actor" | "at" | "data">,
    {
      organizationId: string;
      orderId: string;
      actorId: string | null;
      actorType: string | null;
      data: Json;
      at: Timestamp;
    }
  >;
  orderNotes: TableOf<
    z.output<typeof orderNoteSchema>,
    { organizationId: string; orderId: string; authorType: string | null; createdAt: Timestamp }
  >;
};

export type OrdersDb = CoreTables & OrdersTables;
