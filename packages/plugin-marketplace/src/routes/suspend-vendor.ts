import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { suspendVendorInput, vendorSchema } from "../vendor-schemas.js";

/** Suspend an active vendor. */
export const suspendVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/suspend", {
      summary: "Suspend an active vendor",
      description: "active → suspended: checkout refuses its items and payout runs skip it; any other state: 409.",
    })
    .permission("marketplace:admin")
    .input(suspendVendorInput)
    .output(vendorSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.vendors.move(organizationId, actor, params.id, "suspend", input.reason ?? null),
    }))
    .build();
