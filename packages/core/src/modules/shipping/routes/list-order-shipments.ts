import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shipmentSchema } from "../shipping-schemas.js";

export const listOrderShipmentsRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .get("/shipments", {
      summary: "An order's shipments through fulfillment providers, with their tracking",
      description: "Oldest first; an order of another organization answers none.",
    })
    .permission("shipping:read")
    .query(z.object({ orderId: z.uuid() }))
    .output(z.array(shipmentSchema))
    .handler(async ({ query, organizationId }) => ({
      data: await services.shipping.listShipments(organizationId, query.orderId),
    }))
    .build();
