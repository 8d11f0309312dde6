import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createVendorKeyInput, vendorKeySchema } from "../vendor-schemas.js";

/** Mint a vendor API key for a member. */
export const createVendorKeyRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/api-keys", {
      summary: "Mint a vendor API key for a member",
      description: "An API key of the `vendor` scope, bound to this vendor and acting for the member; the key is shown once. Needs the authentication plugin (409 without it).",
    })
    .permission("marketplace:manage")
    .input(createVendorKeyInput)
    .output(vendorKeySchema)
    .status(201)
    .handler(async ({ params, input, organizationId }) => ({
      data: await services.marketplace.members.createKey({ organizationId, vendorId: params.id, userId: input.userId, expiresInSeconds: input.expiresInSeconds }),
    }))
    .build();
