import { z } from "zod";
import { hasPermission, paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createReviewInput, listReviewsQuery, moderateReviewInput, reviewSchema } from "../aftersale-schemas.js";

/** A vendor's reviews: written by its buyers, read by anyone (published ones), moderated by staff. */
export const reviewRoutes = ({ services }: RouteContext) =>
  router("Marketplace reviews", "/marketplace/vendors")
    .post("/:id/reviews", { summary: "Review a vendor", description: "By the customer who bought `subOrderId` from it (403 otherwise); one review per sub-order (409)." })
    .auth()
    .input(createReviewInput)
    .output(reviewSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.reviews.create(organizationId, actor, params.id, input) }))
    .get("/:id/reviews", { summary: "List a vendor's reviews", description: "Published ones, newest first; staff (marketplace:read) see hidden ones too and may filter by `status`." })
    .query(listReviewsQuery)
    .output(z.array(reviewSchema))
    .handler(async ({ params, query, actor, organizationId }) => {
      const isPublicOnly = !hasPermission(actor, "marketplace:read");
      const { items, total } = await services.marketplace.reviews.list(organizationId, params.id, { ...query, isPublicOnly });
      return { data: items, meta: paginate(query, total) };
    })
    .patch("/:id/reviews/:reviewId", { summary: "Moderate a review", description: "Hide or publish it, with a note." })
    .permission("marketplace:manage")
    .input(moderateReviewInput)
    .output(reviewSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.reviews.moderate(organizationId, actor, { vendorId: params.id, reviewId: params.reviewId, body: input }),
    }))
    .build();
