import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";

/** Stop a user acting for a vendor. */
export const removeVendorMemberRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .delete("/:id/members/:userId", {
      summary: "Stop a user acting for a vendor",
      description: "Revokes the vendor keys minted for them.",
    })
    .permission("marketplace:manage")
    .output(z.object({ vendorId: z.string(), userId: z.string() }))
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.members.removeMember(organizationId, actor, params.id, params.userId),
    }))
    .build();
