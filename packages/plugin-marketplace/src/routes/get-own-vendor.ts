import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorSchema } from "../vendor-schemas.js";

/** Read my vendor. */
export const getOwnVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/", {
      summary: "Read my vendor",
      description: [
        "The vendor the caller acts for: a member user, or an API key bound to the vendor. 404 for a caller of no",
        "vendor.",
      ].join(" "),
    })
    .permission("marketplace:vendor")
    .output(vendorSchema)
    .handler(async ({ actor, organizationId }) => ({
      data: await services.marketplace.vendors.get(
        organizationId,
        await services.marketplace.members.vendorIdOf(actor),
      ),
    }))
    .build();
