import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingAttributesBody, shippingAttributesSchema } from "../shipping-schemas.js";

export const setShippingAttributesRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .put("/attributes", {
      summary: "Set the physical attributes of an entity or a variant",
      description: [
        "Without `variantId` they are the defaults of the entity's variants. Omitted fields keep their value; null",
        "clears one back to inherited (the entity's, else weight 0, `requiresShipping` true, the default profile).",
        "`requiresShipping: false` marks digital goods and services: carts of such lines alone need no shipping.",
      ].join(" "),
    })
    .permission("shipping:manage")
    .input(shippingAttributesBody)
    .output(shippingAttributesSchema)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.shipping.setAttributes(organizationId, input, actor),
    }))
    .build();
