import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorBalanceSchema, vendorPerformanceSchema } from "../ledger-schemas.js";

/** A vendor's balance, summed from its ledger, and its performance, for staff. */
export const vendorBalanceRoutes = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/balance", {
      summary: "Read a vendor's balance",
      description: "Per currency: the sum of the ledger, what is held (credits inside the holding period) and available; with the latest entries.",
    })
    .permission("marketplace:read")
    .output(vendorBalanceSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.marketplace.ledger.balance(organizationId, params.id) }))
    .get("/:id/performance", { summary: "Read a vendor's performance", description: "Sub-orders by status, cancellation rate, settled sales per currency, reviews, disputes and returns." })
    .permission("marketplace:read")
    .output(vendorPerformanceSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.marketplace.performance.performance(organizationId, params.id) }))
    .build();
