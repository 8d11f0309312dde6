import { z } from "zod";
import { hasPermission, paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listedReviewSchema, listReviewsQuery } from "../aftersale-schemas.js";

/** List a vendor's reviews. */
export const listReviewsRoute = ({ services }: RouteContext) =>
  router("Marketplace reviews", "/marketplace/vendors")
    .get("/:id/reviews", {
      summary: "List a vendor's reviews",
      description: [
        "Published ones, newest first, each naming its reviewer by `reviewerName` only; staff (marketplace:read) see",
        "hidden ones too, the buyer's `customerId` and the `moderationNote`, and may filter by `status`.",
      ].join(" "),
    })
    .query(listReviewsQuery)
    .output(z.array(listedReviewSchema))
    .handler(async ({ params, query, actor, organizationId }) => {
      const isPublicOnly = !hasPermission(actor, "marketplace:read");
      const { items, total } = await services.marketplace.reviews.list(organizationId, params.id, {
        ...query,
        isPublicOnly,
      });
      return { data: items, meta: paginate(query, total) };
    })
    .build();
