import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createVendorKeyInput, vendorKeySchema } from "../vendor-schemas.js";

/** Mint a vendor API key for a member. */
export const createVendorKeyRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/api-keys", {
      summary: "Mint a vendor API key for a member",
      description: [
        "An API key of the `vendor` scope, bound to this vendor and acting for the member; the key is shown once.",
        "Minted by the member for themselves (a signed-in session, not a key) or by `marketplace:admin` for any",
        "member; anyone else gets 403, `marketplace:manage` included. Expires after `expiresInSeconds`, by default the",
        "plugin's `vendorKeyDays` (90). Audited (`marketplace.vendorKeyCreate`). Needs the authentication plugin (409",
        "without it).",
      ].join(" "),
    })
    .auth()
    .input(createVendorKeyInput)
    .output(vendorKeySchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.keys.create({
        organizationId,
        actor,
        vendorId: params.id,
        userId: input.userId,
        expiresInSeconds: input.expiresInSeconds,
      }),
    }))
    .build();
