import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorSchema } from "../vendor-schemas.js";

/** Reinstate a suspended vendor. */
export const reinstateVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/reinstate", {
      summary: "Reinstate a suspended vendor",
      description: "suspended → active; any other state: 409.",
    })
    .permission("marketplace:admin")
    .output(vendorSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.vendors.move(organizationId, actor, params.id, "reinstate", null),
    }))
    .build();
