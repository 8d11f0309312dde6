import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingProfileSchema } from "../shipping-schemas.js";

export const listShippingProfilesRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/profiles", { summary: "List shipping profiles", description: "By name." })
    .permission("shipping:read")
    .output(z.array(shippingProfileSchema))
    .handler(async ({ organizationId }) => ({ data: await services.shipping.listProfiles(organizationId) }))
    .build();
