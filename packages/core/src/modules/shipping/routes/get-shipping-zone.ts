import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingZoneSchema } from "../shipping-schemas.js";

export const getShippingZoneRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/zones/:id", { summary: "Read a shipping zone" })
    .permission("shipping:read")
    .params(z.object({ id: z.uuid() }))
    .output(shippingZoneSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.shipping.getZone(organizationId, params.id),
    }))
    .build();
