import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorBalanceSchema } from "../ledger-schemas.js";

/** Read a vendor's balance. */
export const getVendorBalanceRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/balance", {
      summary: "Read a vendor's balance",
      description: [
        "Per currency: the sum of the ledger, what is held (credits inside the holding period) and available;",
        "with the latest entries.",
      ].join(" "),
    })
    .permission("marketplace:read")
    .output(vendorBalanceSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.marketplace.ledger.balance(organizationId, params.id),
    }))
    .build();
