import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";

/** Take a catalog entity from a vendor. */
export const unassignVendorEntityRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .delete("/:id/entities/:entityId", { summary: "Take a catalog entity from a vendor" })
    .permission("marketplace:manage")
    .output(z.object({ vendorId: z.string(), entityId: z.string() }))
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.entities.unassignEntity(organizationId, actor, params.id, params.entityId),
    }))
    .build();
