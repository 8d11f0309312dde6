import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorMemberSchema } from "../vendor-schemas.js";

/** List the users acting for a vendor. */
export const listVendorMembersRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/members", { summary: "List the users acting for a vendor" })
    .permission("marketplace:read")
    .output(z.array(vendorMemberSchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.marketplace.members.listMembers(organizationId, params.id),
    }))
    .build();
