import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createReviewInput, reviewSchema } from "../aftersale-schemas.js";

/** Review a vendor. */
export const createReviewRoute = ({ services }: RouteContext) =>
  router("Marketplace reviews", "/marketplace/vendors")
    .post("/:id/reviews", {
      summary: "Review a vendor",
      description: "By the customer who bought `subOrderId` from it (403 otherwise); one review per sub-order (409).",
    })
    .auth()
    .input(createReviewInput)
    .output(reviewSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.reviews.create(organizationId, actor, params.id, input),
    }))
    .build();
