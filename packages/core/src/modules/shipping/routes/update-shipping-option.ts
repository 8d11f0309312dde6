import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingOptionBody, shippingOptionSchema } from "../shipping-schemas.js";

export const updateShippingOptionRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .patch("/options/:id", {
      summary: "Update a shipping option",
      description: "Any subset of the fields; the option as it ends up is checked as a new one would be.",
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.uuid() }))
    .input(shippingOptionBody.partial())
    .output(shippingOptionSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.shipping.updateOption(organizationId, params.id, input, actor),
    }))
    .build();
