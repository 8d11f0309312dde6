import type { AnalyticsModel } from "@unified-commerce/plugin-sdk";

const vendorJoin = { vendor: { table: "marketplace_vendors", column: "vendor_id" } } as const;
const vendorDimensions = {
  vendorId: { type: "string", column: "vendor_id", description: "The vendor's id" },
  vendorName: { type: "string", column: { join: "vendor", column: "name" }, description: "The vendor's name" },
  currency: { type: "string", column: "currency" },
} as const;

/**
 * `POST /api/analytics/query` models: sales and commission per vendor from the sub-orders checkout made
 * (`marketplaceSales`), and every ledger movement (`marketplaceLedger`: sales, commission, refunds,
 * payouts, adjustments by `kind`).
 */
export const marketplaceAnalyticsModels: readonly AnalyticsModel[] = [
  {
    name: "marketplaceSales",
    description: "Sub-orders: what each vendor sold and the marketplace's commission on it, as placed",
    table: "marketplace_sub_orders",
    joins: vendorJoin,
    measures: {
      subOrders: { type: "count", description: "Sub-orders" },
      gross: { type: "sum", column: "total", description: "What customers paid for the vendor's lines, minor units" },
      commission: { type: "sum", column: "commission_total", description: "The marketplace's commission, minor units" },
      averageSubOrder: { type: "avg", column: "total" },
    },
    dimensions: {
      ...vendorDimensions,
      status: { type: "string", column: "status" },
      isSettled: { type: "boolean", column: "is_settled", description: "Paid, so in the vendor's ledger" },
      createdAt: { type: "time", column: "created_at", description: "When the order was placed" },
    },
  },
  {
    name: "marketplaceLedger",
    description: "Vendor ledger entries: money owed to vendors and what moved it",
    table: "marketplace_ledger",
    joins: vendorJoin,
    measures: {
      entries: { type: "count" },
      amount: { type: "sum", column: "amount", description: "Signed minor units (the balance, summed over all kinds)" },
    },
    dimensions: {
      ...vendorDimensions,
      kind: { type: "string", column: "kind", description: "sale, commission, refund, payout or adjustment" },
      createdAt: { type: "time", column: "created_at" },
    },
  },
];
