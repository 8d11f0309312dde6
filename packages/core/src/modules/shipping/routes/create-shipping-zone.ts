import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingZoneBody, shippingZoneSchema } from "../shipping-schemas.js";

export const createShippingZoneRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .post("/zones", {
      summary: "Create a shipping zone",
      description: [
        "`countries` (ISO 3166-1 alpha-2); optional `regions` (matched against the address's `state`, without",
        "case) and `postalPatterns` (`*` any run, `?` one character; case and spaces ignored).",
      ].join(" "),
    })
    .permission("shipping:manage")
    .input(shippingZoneBody)
    .output(shippingZoneSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.shipping.createZone(organizationId, input, actor),
    }))
    .build();
