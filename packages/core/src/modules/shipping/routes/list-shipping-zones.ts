import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingZoneSchema } from "../shipping-schemas.js";

export const listShippingZonesRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/zones", { summary: "List shipping zones", description: "By name." })
    .permission("shipping:read")
    .output(z.array(shippingZoneSchema))
    .handler(async ({ organizationId }) => ({ data: await services.shipping.listZones(organizationId) }))
    .build();
