import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorSchema } from "../vendor-schemas.js";

/** Read a vendor. */
export const getVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id", { summary: "Read a vendor" })
    .permission("marketplace:read")
    .output(vendorSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.marketplace.vendors.get(organizationId, params.id),
    }))
    .build();
