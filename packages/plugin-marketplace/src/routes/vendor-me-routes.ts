import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { updateOwnVendorInput, vendorSchema } from "../vendor-schemas.js";

/** Vendor self-service: the profile of the actor's vendor (a member's session, or a vendor key). */
export const vendorMeRoutes = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/", { summary: "Read my vendor", description: "The vendor the caller acts for: a member user, or an API key bound to the vendor. 404 for a caller of no vendor." })
    .permission("marketplace:vendor")
    .output(vendorSchema)
    .handler(async ({ actor, organizationId }) => ({ data: await services.marketplace.vendors.get(organizationId, await services.marketplace.members.vendorIdOf(actor)) }))
    .patch("/", { summary: "Change my vendor's profile", description: "Name, e-mail and description; the slug, payout reference and status are staff's." })
    .permission("marketplace:vendor")
    .input(updateOwnVendorInput)
    .output(vendorSchema)
    .handler(async ({ actor, input, organizationId }) => ({
      data: await services.marketplace.vendors.update(organizationId, actor, await services.marketplace.members.vendorIdOf(actor), input),
    }))
    .build();
