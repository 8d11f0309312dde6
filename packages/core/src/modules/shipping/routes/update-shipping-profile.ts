import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingProfileBody, shippingProfileSchema } from "../shipping-schemas.js";

export const updateShippingProfileRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .patch("/profiles/:id", {
      summary: "Update a shipping profile",
      description: [
        "Any subset of the fields; `isDefault: true` moves the default here (a default is unset only by",
        "making another the default).",
      ].join(" "),
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.uuid() }))
    .input(shippingProfileBody.partial())
    .output(shippingProfileSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.shipping.updateProfile(organizationId, params.id, input, actor),
    }))
    .build();
