import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingOptionSchema } from "../shipping-schemas.js";

export const deleteShippingOptionRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .delete("/options/:id", {
      summary: "Delete a shipping option",
      description: "A cart that chose it is refused at checkout (SHIPPING_OPTION_UNAVAILABLE).",
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.uuid() }))
    .output(shippingOptionSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.shipping.deleteOption(organizationId, params.id, actor),
    }))
    .build();
