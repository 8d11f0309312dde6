import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingProfileSchema } from "../shipping-schemas.js";

export const deleteShippingProfileRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .delete("/profiles/:id", {
      summary: "Delete a shipping profile",
      description: [
        "Refused with 409 (`details.reason` DEFAULT_PROFILE or PROFILE_IN_USE) for the default profile and a",
        "profile that has options.",
      ].join(" "),
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.uuid() }))
    .output(shippingProfileSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.shipping.deleteProfile(organizationId, params.id, actor),
    }))
    .build();
