import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shippingAttributesSchema } from "../shipping-schemas.js";

export const listShippingAttributesRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/attributes", { summary: "Physical attributes of an entity and its variants", description: "Entity first." })
    .permission("shipping:read")
    .query(z.object({ entityId: z.uuid() }))
    .output(z.array(shippingAttributesSchema))
    .handler(async ({ query, organizationId }) => ({
      data: await services.shipping.listAttributes(organizationId, query.entityId),
    }))
    .build();
