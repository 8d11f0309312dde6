import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { z } from "zod";
import { AppError, inTransaction, pageOffset, type Actor, type TxOptions } from "@unified-commerce/plugin-sdk";
import type { createReviewInput, listReviewsQuery, moderateReviewInput, reviewSchema } from "./aftersale-schemas.js";
import { isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import { readVendorRow } from "./vendors.js";

export type Review = z.output<typeof reviewSchema>;

const REVIEW_COLUMNS = ["id", "vendorId", "subOrderId", "customerId", "rating", "title", "body", "status", "moderationNote", "createdAt", "updatedAt"] as const;
type ReviewRow = Pick<Selectable<MarketplaceTables["marketplaceReviews"]>, (typeof REVIEW_COLUMNS)[number]>;
const toReview = (row: ReviewRow): Review => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

const notABuyer = () => AppError.forbidden("Only a customer who bought this sub-order from the vendor may review it");

/** Reviews of a vendor: one per sub-order, by the customer who bought it; published at once, hidden by moderation. */
export function createReviewOperations(context: MarketplaceContext) {
  const { database, events } = context;
  return {
    /**
     * 403 unless the actor's customer profile bought `subOrderId` from this vendor (and it was not
     * cancelled); 409 for a second review of the sub-order (a unique index decides between racing ones).
     */
    create: (organizationId: string, actor: Actor, vendorId: string, body: z.output<typeof createReviewInput>, options?: TxOptions): Promise<Review> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId);
        const scope = marketplaceScope(trx, organizationId);
        const sub = await scope.selectFrom("marketplaceSubOrders").select(["id", "customerId", "status"]).where("id", "=", body.subOrderId).where("vendorId", "=", vendorId).executeTakeFirst();
        if (!actor.customerId || !sub || sub.customerId !== actor.customerId || sub.status === "cancelled") throw notABuyer();
        const now = new Date();
        const row = await scope
          .insertInto("marketplaceReviews", {
            id: randomUUID(), vendorId, subOrderId: sub.id, customerId: actor.customerId, rating: body.rating, title: body.title ?? null, body: body.body ?? null,
            status: "published", moderationNote: null, createdAt: now, updatedAt: now,
          })
          .onConflict((conflict) => conflict.column("subOrderId").doNothing())
          .returning(REVIEW_COLUMNS)
          .executeTakeFirst();
        if (!row) throw AppError.conflict("This sub-order is already reviewed");
        await events.emit({ organizationId, type: "marketplace.reviewCreate", entityType: "review", entityId: row.id, payload: { vendorId, reviewId: row.id, rating: row.rating }, actor }, { trx });
        return toReview(row);
      }),

    /** Newest first; `isPublicOnly` keeps published reviews (what anyone but staff sees). */
    list: async (organizationId: string, vendorId: string, query: z.output<typeof listReviewsQuery> & { isPublicOnly: boolean }, options?: TxOptions): Promise<{ items: Review[]; total: number }> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      let base = marketplaceScope(db, organizationId).selectFrom("marketplaceReviews").where("vendorId", "=", vendorId);
      const status = query.isPublicOnly ? "published" : query.status;
      if (status) base = base.where("status", "=", status);
      const [rows, counted] = await Promise.all([
        base.select(REVIEW_COLUMNS).orderBy("createdAt", "desc").orderBy("id", "desc").limit(query.limit).offset(pageOffset(query)).execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toReview), total: Number(counted.count) };
    },

    /** Hides or publishes a review, with a note. */
    moderate: (organizationId: string, actor: Actor, input: { vendorId: string; reviewId: string; body: z.output<typeof moderateReviewInput> }, options?: TxOptions): Promise<Review> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, input.vendorId);
        const row = isUuid(input.reviewId)
          ? await marketplaceScope(trx, organizationId)
              .updateTable("marketplaceReviews")
              .set({ ...input.body, updatedAt: new Date() })
              .where("id", "=", input.reviewId)
              .where("vendorId", "=", input.vendorId)
              .returning(REVIEW_COLUMNS)
              .executeTakeFirst()
          : undefined;
        if (!row) throw AppError.notFound("Review");
        await events.emit(
          { organizationId, type: "marketplace.reviewUpdate", entityType: "review", entityId: row.id, payload: { vendorId: row.vendorId, reviewId: row.id, status: row.status }, actor },
          { trx },
        );
        return toReview(row);
      }),
  };
}
