import type { ColumnType, Generated } from "kysely";
import type { z } from "zod";
import type { TableOf, Timestamp } from "@unified-commerce/plugin-sdk";
import type { disputeSchema, returnSchema, reviewSchema } from "./aftersale-schemas.js";
import type { commissionRuleSchema } from "./commission-schemas.js";
import type { ledgerEntrySchema, payoutSchema } from "./ledger-schemas.js";
import type { subOrderLineSchema, subOrderShippingMethodSchema, subOrderSummarySchema } from "./sub-order-schemas.js";
import type { vendorDocumentSchema, vendorSchema } from "./vendor-schemas.js";

/** A timestamp column that may be null: read as a Date or null. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type Stamps = { createdAt: Timestamp; updatedAt: Timestamp };

/**
 * The plugin's tables, as `trx.withTables<MarketplaceTables>()` sees them (camelCase over snake_case
 * columns). Derived fields of the answers (`vendorTotal`, a sub-order's `lines`) are never stored.
 */
export type MarketplaceTables = {
  marketplaceVendors: TableOf<
    z.output<typeof vendorSchema>,
    { organizationId: string; approvedAt: NullableTimestamp } & Stamps
  >;
  marketplaceVendorMembers: { organizationId: string; userId: string; vendorId: string; createdAt: Timestamp };
  marketplaceVendorKeys: {
    organizationId: string;
    apiKeyId: string;
    vendorId: string;
    userId: string;
    createdAt: Timestamp;
  };
  marketplaceVendorDocuments: TableOf<
    z.output<typeof vendorDocumentSchema>,
    { organizationId: string; reviewedAt: NullableTimestamp; createdAt: Timestamp }
  >;
  marketplaceVendorEntities: { organizationId: string; entityId: string; vendorId: string; createdAt: Timestamp };
  marketplaceCommissionRules: TableOf<z.output<typeof commissionRuleSchema>, { organizationId: string } & Stamps>;
  marketplaceSubOrders: TableOf<
    Omit<z.output<typeof subOrderSummarySchema>, "vendorTotal" | "shippingMethods">,
    {
      organizationId: string;
      /** jsonb: written as a JSON string, read as the array. */
      shippingMethods: ColumnType<z.output<typeof subOrderShippingMethodSchema>[], string | undefined, string>;
      isSettled: Generated<boolean>;
      confirmedAt: NullableTimestamp;
      shippedAt: NullableTimestamp;
      deliveredAt: NullableTimestamp;
      cancelledAt: NullableTimestamp;
    } & Stamps
  >;
  marketplaceSubOrderLines: TableOf<
    z.output<typeof subOrderLineSchema>,
    {
      organizationId: string;
      subOrderId: string;
      refundedQuantity: Generated<number>;
      refundedAmount: Generated<number>;
      refundedCommission: Generated<number>;
    }
  >;
  marketplaceLedger: TableOf<z.output<typeof ledgerEntrySchema>, { organizationId: string; createdAt: Timestamp }>;
  marketplacePayouts: TableOf<
    z.output<typeof payoutSchema>,
    { organizationId: string; attempts: Generated<number>; paidAt: NullableTimestamp } & Stamps
  >;
  marketplaceDisputes: TableOf<
    z.output<typeof disputeSchema>,
    {
      organizationId: string;
      respondedAt: NullableTimestamp;
      escalatedAt: NullableTimestamp;
      resolvedAt: NullableTimestamp;
    } & Stamps
  >;
  marketplaceReturns: TableOf<
    Omit<z.output<typeof returnSchema>, "lines">,
    { organizationId: string; shippedBackAt: NullableTimestamp; receivedAt: NullableTimestamp } & Stamps
  >;
  marketplaceReturnLines: { organizationId: string; returnId: string; orderLineId: string; quantity: number };
  marketplaceReviews: TableOf<z.output<typeof reviewSchema>, { organizationId: string } & Stamps>;
};
