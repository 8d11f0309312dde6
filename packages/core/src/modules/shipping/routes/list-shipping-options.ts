import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingOptionSchema } from "../shipping-schemas.js";

export const listShippingOptionsRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/options", { summary: "List shipping options", description: "By name, active or not." })
    .permission("shipping:read")
    .output(z.array(shippingOptionSchema))
    .handler(async ({ organizationId }) => ({ data: await services.shipping.listOptions(organizationId) }))
    .build();
