import type { ColumnType, Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { fulfillmentLineSchema, fulfillmentSchema } from "./order-fulfillment-schemas.js";
import type { refundLineSchema, refundSchema } from "./order-refund-schemas.js";
import type { OrdersTables } from "./orders-tables.js";

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
/** The tables of what happens to an order after it is paid: fulfillments and refunds. */
export type OrderAftersaleTables = {
  orderFulfillments: TableOf<
    Omit<z.output<typeof fulfillmentSchema>, "lines">,
    { organizationId: string; actorType: string; createdAt: Timestamp }
  >;
  orderFulfillmentLines: TableOf<
    z.output<typeof fulfillmentLineSchema>,
    { organizationId: string; fulfillmentId: string }
  >;
  orderRefunds: TableOf<
    Omit<z.output<typeof refundSchema>, "lines">,
    {
      organizationId: string;
      actorType: string;
      createdAt: Timestamp;
      undoUntil: Timestamp;
      undoneAt: NullableTimestamp;
      paidOutAt: NullableTimestamp;
    }
  >;
  orderRefundLines: TableOf<z.output<typeof refundLineSchema>, { organizationId: string; refundId: string }>;
  /** What each operator refunded per calendar day; see `order-refund-cap.ts`. */
  orderRefundCaps: { organizationId: string; actorId: string; day: string; used: number };
};

export type OrderAftersaleDb = CoreTables & OrdersTables & OrderAftersaleTables;

export function aftersaleScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<OrderAftersaleDb> {
  return tenantScope(db.withTables<OrdersTables & OrderAftersaleTables>(), organizationId);
}
