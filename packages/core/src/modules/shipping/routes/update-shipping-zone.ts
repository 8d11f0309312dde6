import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingZoneBody, shippingZoneSchema } from "../shipping-schemas.js";

export const updateShippingZoneRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .patch("/zones/:id", {
      summary: "Update a shipping zone",
      description: "Any subset of the fields; a list given replaces the stored one.",
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.uuid() }))
    .input(shippingZoneBody.partial())
    .output(shippingZoneSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.shipping.updateZone(organizationId, params.id, input, actor),
    }))
    .build();
