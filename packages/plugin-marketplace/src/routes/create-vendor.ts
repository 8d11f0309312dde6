import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createVendorInput, vendorSchema } from "../vendor-schemas.js";

/** Create a vendor. */
export const createVendorRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/", {
      summary: "Create a vendor",
      description: [
        "Starts `pending` (approve it to sell). `userIds` become its members. 409 for a slug taken or a user already",
        "acting for a vendor.",
      ].join(" "),
    })
    .permission("marketplace:manage")
    .input(createVendorInput)
    .output(vendorSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.marketplace.vendors.create(organizationId, actor, input),
    }))
    .build();
