import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingZoneSchema } from "../shipping-schemas.js";

export const deleteShippingZoneRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .delete("/zones/:id", {
      summary: "Delete a shipping zone",
      description:
        "Its options go with it; a cart that chose one is refused at checkout (SHIPPING_OPTION_UNAVAILABLE).",
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.uuid() }))
    .output(shippingZoneSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.shipping.deleteZone(organizationId, params.id, actor),
    }))
    .build();
