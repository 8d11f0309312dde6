import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { moderateReviewInput, reviewSchema } from "../aftersale-schemas.js";

/** Moderate a review. */
export const moderateReviewRoute = ({ services }: RouteContext) =>
  router("Marketplace reviews", "/marketplace/vendors")
    .patch("/:id/reviews/:reviewId", { summary: "Moderate a review", description: "Hide or publish it, with a note." })
    .permission("marketplace:manage")
    .input(moderateReviewInput)
    .output(reviewSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.reviews.moderate(organizationId, actor, {
        vendorId: params.id,
        reviewId: params.reviewId,
        body: input,
      }),
    }))
    .build();
