import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { revokedVendorKeySchema } from "../vendor-schemas.js";

/** Revoke a vendor API key. */
export const revokeVendorKeyRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .delete("/:id/api-keys/:keyId", {
      summary: "Revoke a vendor API key",
      description: [
        "By staff (`marketplace:manage` or `marketplace:admin`) or the member it acts for (signed in);",
        "404 for anyone else. Audited (`marketplace.vendorKeyRevoke`).",
      ].join(" "),
    })
    .auth()
    .output(revokedVendorKeySchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.keys.revoke({
        organizationId,
        actor,
        vendorId: params.id,
        apiKeyId: params.keyId,
      }),
    }))
    .build();
