import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listPayoutsQuery, payoutRunSchema, payoutSchema, runPayoutsInput } from "../ledger-schemas.js";

/** Payouts: listed, run (one payout and job per vendor with money due) and retried when failed. */
export const payoutRoutes = ({ services }: RouteContext) =>
  router("Marketplace payouts", "/marketplace/payouts")
    .get("/", { summary: "List payouts", description: "Newest first; by `status` or `vendorId`." })
    .permission("marketplace:read")
    .query(listPayoutsQuery)
    .output(z.array(payoutSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.payouts.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .post("/run", {
      summary: "Run payouts",
      description:
        "For each active vendor (or `vendorId` only) and currency, queues one payout of what is available past the holding period, debited from its ledger at once, with a job that pays it through the payout adapter. Concurrent runs pay a vendor once; a vendor with a payout in flight (pending, processing, failed) is skipped.",
    })
    .permission("marketplace:admin")
    .input(runPayoutsInput)
    .output(payoutRunSchema)
    .handler(async ({ input, actor, organizationId }) => ({ data: { payouts: await services.marketplace.payouts.run(organizationId, actor, input) } }))
    .post("/:id/retry", { summary: "Retry a failed payout", description: "failed → pending with a new job; 409 for a payout in any other state." })
    .permission("marketplace:admin")
    .output(payoutSchema)
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.payouts.retry(organizationId, actor, params.id) }))
    .build();
