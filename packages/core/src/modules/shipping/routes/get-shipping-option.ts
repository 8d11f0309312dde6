import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingOptionSchema } from "../shipping-schemas.js";

export const getShippingOptionRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/options/:id", { summary: "Read a shipping option" })
    .permission("shipping:read")
    .params(z.object({ id: z.uuid() }))
    .output(shippingOptionSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.shipping.getOption(organizationId, params.id),
    }))
    .build();
