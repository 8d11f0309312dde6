import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorPerformanceSchema } from "../ledger-schemas.js";

/** Read a vendor's performance. */
export const getVendorPerformanceRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/performance", {
      summary: "Read a vendor's performance",
      description:
        "Sub-orders by status, cancellation rate, settled sales per currency, reviews, disputes and returns.",
    })
    .permission("marketplace:read")
    .output(vendorPerformanceSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.marketplace.performance.performance(organizationId, params.id),
    }))
    .build();
