import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorEntitySchema } from "../vendor-schemas.js";

/** Assign a catalog entity to a vendor. */
export const assignVendorEntityRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .put("/:id/entities/:entityId", {
      summary: "Assign a catalog entity to a vendor",
      description:
        "Checkout puts its lines in this vendor's sub-order. 404 unknown entity; 409 when another vendor sells it.",
    })
    .permission("marketplace:manage")
    .output(vendorEntitySchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.entities.assignEntity(organizationId, actor, params.id, params.entityId),
    }))
    .build();
