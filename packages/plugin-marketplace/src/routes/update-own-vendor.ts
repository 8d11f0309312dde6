import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { updateOwnVendorInput, vendorSchema } from "../vendor-schemas.js";

/** Change my vendor's profile. */
export const updateOwnVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .patch("/", {
      summary: "Change my vendor's profile",
      description: "Name, e-mail and description; the slug, payout reference and status are staff's.",
    })
    .permission("marketplace:vendor")
    .input(updateOwnVendorInput)
    .output(vendorSchema)
    .handler(async ({ actor, input, organizationId }) => ({
      data: await services.marketplace.vendors.update(
        organizationId,
        actor,
        await services.marketplace.members.vendorIdOf(actor),
        input,
      ),
    }))
    .build();
