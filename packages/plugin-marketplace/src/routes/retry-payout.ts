import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { payoutSchema } from "../ledger-schemas.js";

/** Retry a failed payout. */
export const retryPayoutRoute = ({ services }: RouteContext) =>
  router("Marketplace payouts", "/marketplace/payouts")
    .post("/:id/retry", {
      summary: "Retry a failed payout",
      description: "failed → pending with a new job; 409 for a payout in any other state.",
    })
    .permission("marketplace:admin")
    .output(payoutSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.payouts.retry(organizationId, actor, params.id),
    }))
    .build();
