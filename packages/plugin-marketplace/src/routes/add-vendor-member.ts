import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { addMemberInput, vendorMemberSchema } from "../vendor-schemas.js";

/** Let a user act for a vendor. */
export const addVendorMemberRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/members", {
      summary: "Let a user act for a vendor",
      description:
        "Vendor self-service (`/vendor/me`) then answers for this vendor. 409 when the user acts for a vendor already.",
    })
    .permission("marketplace:manage")
    .input(addMemberInput)
    .output(vendorMemberSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.members.addMember(organizationId, actor, params.id, input.userId),
    }))
    .build();
