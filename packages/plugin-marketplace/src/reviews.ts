import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  isAppError,
  pageOffset,
  sessionCustomerOf,
  type Actor,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import type {
  createReviewInput,
  listedReviewSchema,
  listReviewsQuery,
  moderateReviewInput,
  reviewSchema,
} from "./aftersale-schemas.js";
import { isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import { readVendorRow } from "./vendors.js";

export type Review = z.output<typeof reviewSchema>;
export type ListedReview = z.output<typeof listedReviewSchema>;

/** The public's name for a reviewer without a name on their profile. */
const ANONYMOUS_REVIEWER = "Verified buyer";

/**
 * The name the public sees: the first word of the customer's name and the initial of the last ("Sam
 * Shopper" → "Sam S."), as review widgets commonly show buyers; never the e-mail, never the id.
 */
function reviewerNameOf(name: string | null): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const [first] = words;
  if (first === undefined) return ANONYMOUS_REVIEWER;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last === undefined ? first : `${first} ${[...last][0]?.toUpperCase() ?? ""}.`;
}

const REVIEW_COLUMNS = [
  "id",
  "vendorId",
  "subOrderId",
  "customerId",
  "reviewerName",
  "rating",
  "title",
  "body",
  "status",
  "moderationNote",
  "createdAt",
  "updatedAt",
] as const;
type ReviewRow = Pick<Selectable<MarketplaceTables["marketplaceReviews"]>, (typeof REVIEW_COLUMNS)[number]>;
const toReview = (row: ReviewRow): Review => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notABuyer = () => AppError.forbidden("Only a customer who bought this sub-order from the vendor may review it");

/** Reviews of a vendor: one per sub-order, by the customer who bought it; published at once, hidden by moderation. */
export function createReviewOperations(context: MarketplaceContext) {
  const { database, events, services } = context;
  return {
    /**
     * 403 unless the actor's customer profile bought `subOrderId` from this vendor (and it was not
     * cancelled); 409 for a second review of the sub-order (a unique index decides between racing ones).
     */
    create: (
      organizationId: string,
      actor: Actor,
      vendorId: string,
      body: z.output<typeof createReviewInput>,
      options?: TxOptions,
    ): Promise<Review> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId);
        const scope = marketplaceScope(trx, organizationId);
        const sub = await scope
          .selectFrom("marketplaceSubOrders")
          .select(["id", "customerId", "status"])
          .where("id", "=", body.subOrderId)
          .where("vendorId", "=", vendorId)
          .executeTakeFirst();
        // The buyer is the signed-in session's customer, as checkout stored it on the order (never a key).
        const customerId = sessionCustomerOf(actor);
        if (customerId === null || !sub || sub.customerId !== customerId || sub.status === "cancelled")
          throw notABuyer();
        const reviewerName = reviewerNameOf(
          await services.customers.get(organizationId, customerId, { trx }).then(
            (customer) => customer.name,
            (error: unknown) => {
              // A buyer without a profile (an order placed for a bare user id) is still a verified buyer.
              if (isAppError(error) && error.code === "NOT_FOUND") return null;
              throw error;
            },
          ),
        );
        const now = new Date();
        const row = await scope
          .insertInto("marketplaceReviews", {
            id: randomUUID(),
            vendorId,
            subOrderId: sub.id,
            customerId,
            reviewerName,
            rating: body.rating,
            title: body.title ?? null,
            body: body.body ?? null,
            status: "published",
            moderationNote: null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflict((conflict) => conflict.column("subOrderId").doNothing())
          .returning(REVIEW_COLUMNS)
          .executeTakeFirst();
        if (!row) throw AppError.conflict("This sub-order is already reviewed");
        await events.emit(
          {
            organizationId,
            type: "marketplace.reviewCreate",
            entityType: "review",
            entityId: row.id,
            payload: { vendorId, reviewId: row.id, rating: row.rating },
            actor,
          },
          { trx },
        );
        return toReview(row);
      }),

    /**
     * Newest first; `isPublicOnly` is what anyone but staff sees: published reviews, without the buyer's
     * customer id or the moderation note (the reviewer's display name stands for the buyer).
     */
    list: async (
      organizationId: string,
      vendorId: string,
      query: z.output<typeof listReviewsQuery> & { isPublicOnly: boolean },
      options?: TxOptions,
    ): Promise<{ items: ListedReview[]; total: number }> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      let base = marketplaceScope(db, organizationId).selectFrom("marketplaceReviews").where("vendorId", "=", vendorId);
      const status = query.isPublicOnly ? "published" : query.status;
      if (status) base = base.where("status", "=", status);
      const [rows, counted] = await Promise.all([
        base
          .select(REVIEW_COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map(toReview);
      return {
        items: query.isPublicOnly
          ? items.map(({ customerId: _customerId, moderationNote: _note, ...shown }) => shown)
          : items,
        total: Number(counted.count),
      };
    },

    /** Hides or publishes a review, with a note. */
    moderate: (
      organizationId: string,
      actor: Actor,
      input: { vendorId: string; reviewId: string; body: z.output<typeof moderateReviewInput> },
      options?: TxOptions,
    ): Promise<Review> =>
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
          {
            organizationId,
            type: "marketplace.reviewUpdate",
            entityType: "review",
            entityId: row.id,
            payload: { vendorId: row.vendorId, reviewId: row.id, status: row.status },
            actor,
          },
          { trx },
        );
        return toReview(row);
      }),
  };
}
