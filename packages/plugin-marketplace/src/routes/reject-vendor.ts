import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorReasonInput, vendorSchema } from "../vendor-schemas.js";

/** Reject a pending vendor, with a reason. */
export const rejectVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/reject", {
      summary: "Reject a pending vendor, with a reason",
      description: "pending → rejected (final); any other state: 409.",
    })
    .permission("marketplace:manage")
    .input(vendorReasonInput)
    .output(vendorSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.vendors.move(organizationId, actor, params.id, "reject", input.reason),
    }))
    .build();
