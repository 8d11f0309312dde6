import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { payoutRunSchema, runPayoutsInput } from "../ledger-schemas.js";

/** Run payouts. */
export const runPayoutsRoute = ({ services }: RouteContext) =>
  router("Marketplace payouts", "/marketplace/payouts")
    .post("/run", {
      summary: "Run payouts",
      description: [
        "For each active vendor (or `vendorId` only) and currency, queues one payout of what is available past the",
        "holding period, debited from its ledger at once, with a job that pays it through the payout adapter.",
        "Concurrent runs pay a vendor once; a vendor with a payout in flight (pending, processing, failed) is skipped.",
      ].join(" "),
    })
    .permission("marketplace:admin")
    .input(runPayoutsInput)
    .output(payoutRunSchema)
    .handler(async ({ input, actor, organizationId }) => ({
      data: { payouts: await services.marketplace.payouts.run(organizationId, actor, input) },
    }))
    .build();
