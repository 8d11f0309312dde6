import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingProfileBody, shippingProfileSchema } from "../shipping-schemas.js";

export const createShippingProfileRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .post("/profiles", {
      summary: "Create a shipping profile",
      description: [
        "A duplicate name is a 409. `isDefault: true` makes it the only default profile (lines of products",
        "without a profile ship with it).",
      ].join(" "),
    })
    .permission("shipping:manage")
    .input(shippingProfileBody)
    .output(shippingProfileSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.shipping.createProfile(organizationId, input, actor),
    }))
    .build();
