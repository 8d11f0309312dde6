import { sql } from "kysely";
import type { z } from "zod";
import type { TxOptions } from "@unified-commerce/plugin-sdk";
import type { vendorPerformanceSchema } from "./ledger-schemas.js";
import { marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { readVendorRow } from "./vendors.js";

export type VendorPerformance = z.output<typeof vendorPerformanceSchema>;

/** How a vendor does: sub-orders by status, settled sales, reviews, disputes and returns. */
export function createPerformanceOperations(context: MarketplaceContext) {
  const { database } = context;
  return {
    performance: async (organizationId: string, vendorId: string, options?: TxOptions): Promise<VendorPerformance> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      const scope = marketplaceScope(db, organizationId);
      const [statuses, sales, reviews, disputes, returns] = await Promise.all([
        scope
          .selectFrom("marketplaceSubOrders")
          .select(["status", sql<number>`count(*)::int`.as("count")])
          .where("vendorId", "=", vendorId)
          .groupBy("status")
          .execute(),
        scope
          .selectFrom("marketplaceSubOrders")
          .innerJoin("marketplaceSubOrderLines", "marketplaceSubOrderLines.subOrderId", "marketplaceSubOrders.id")
          .select([
            "marketplaceSubOrders.currency",
            sql<number>`sum(marketplace_sub_order_lines.total)::bigint`.as("gross"),
            sql<number>`sum(marketplace_sub_order_lines.commission - marketplace_sub_order_lines.refunded_commission)::bigint`.as(
              "commission",
            ),
            sql<number>`sum(marketplace_sub_order_lines.refunded_amount)::bigint`.as("refunded"),
          ])
          .where("marketplaceSubOrders.vendorId", "=", vendorId)
          .where("marketplaceSubOrders.isSettled", "=", true)
          .groupBy("marketplaceSubOrders.currency")
          .orderBy("marketplaceSubOrders.currency")
          .execute(),
        scope
          .selectFrom("marketplaceReviews")
          .select([sql<number>`count(*)::int`.as("count"), sql<number | null>`avg(rating)::float8`.as("average")])
          .where("vendorId", "=", vendorId)
          .where("status", "=", "published")
          .executeTakeFirstOrThrow(),
        scope
          .selectFrom("marketplaceDisputes")
          .select([
            sql<number>`count(*)::int`.as("total"),
            sql<number>`(count(*) filter (where status <> 'resolved'))::int`.as("open"),
          ])
          .where("vendorId", "=", vendorId)
          .executeTakeFirstOrThrow(),
        scope
          .selectFrom("marketplaceReturns")
          .select([
            sql<number>`count(*)::int`.as("total"),
            sql<number>`(count(*) filter (where status <> 'received'))::int`.as("open"),
          ])
          .where("vendorId", "=", vendorId)
          .executeTakeFirstOrThrow(),
      ]);
      const count = (status: string) => statuses.find((row) => row.status === status)?.count ?? 0;
      const total = statuses.reduce((sum, row) => sum + row.count, 0);
      return {
        vendorId,
        subOrders: {
          total,
          pending: count("pending"),
          confirmed: count("confirmed"),
          shipped: count("shipped"),
          delivered: count("delivered"),
          cancelled: count("cancelled"),
        },
        cancellationRate: total === 0 ? 0 : count("cancelled") / total,
        sales: sales.map((row) => ({
          currency: row.currency,
          gross: Number(row.gross),
          commission: Number(row.commission),
          refunded: Number(row.refunded),
        })),
        reviews: {
          count: reviews.count,
          averageRating: reviews.average === null ? null : Math.round(reviews.average * 100) / 100,
        },
        disputes: { open: disputes.open, total: disputes.total },
        returns: { open: returns.open, total: returns.total },
      };
    },
  };
}
