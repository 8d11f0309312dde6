import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorSchema } from "../vendor-schemas.js";

/** Approve a pending vendor. */
export const approveVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/approve", {
      summary: "Approve a pending vendor",
      description: "pending → active; any other state: 409.",
    })
    .permission("marketplace:admin")
    .output(vendorSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.vendors.move(organizationId, actor, params.id, "approve", null),
    }))
    .build();
