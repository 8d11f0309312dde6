import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listedReviewSchema, listReviewsQuery } from "../aftersale-schemas.js";

/** List my reviews. */
export const listOwnReviewsRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/reviews", { summary: "List my reviews", description: "Newest first, hidden ones included; by `status`." })
    .permission("marketplace:vendor")
    .query(listReviewsQuery)
    .output(z.array(listedReviewSchema))
    .handler(async ({ query, actor, organizationId }) => {
      const vendorId = await services.marketplace.members.vendorIdOf(actor);
      const { items, total } = await services.marketplace.reviews.list(organizationId, vendorId, {
        ...query,
        isPublicOnly: false,
      });
      return { data: items, meta: paginate(query, total) };
    })
    .build();
