import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { updateVendorInput, vendorSchema } from "../vendor-schemas.js";

/** Change a vendor's profile. */
export const updateVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .patch("/:id", {
      summary: "Change a vendor's profile",
      description: "The status moves only through approve, reject, suspend and reinstate.",
    })
    .permission("marketplace:manage")
    .input(updateVendorInput)
    .output(vendorSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.vendors.update(organizationId, actor, params.id, input),
    }))
    .build();
