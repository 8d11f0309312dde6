import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { shipmentSchema } from "../shipping-schemas.js";

export const cancelShipmentRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .post("/shipments/:id/cancel", {
      summary: "Cancel a shipment made through a fulfillment provider",
      description: [
        "Moves the shipment to `cancelling` and asks its provider to cancel it after commit (the",
        "`shipping/cancel-shipment` job, retried, never twice); the job moves it to `cancelled`. Asking again",
        "answers the shipment as it is. A delivered or returned shipment is a 409 `SHIPMENT_DELIVERED`, a",
        "provider without cancellation a 409 `CANCEL_NOT_SUPPORTED`; another organization's shipment is a 404.",
        "The fulfillment and the order's status are left as they are.",
      ].join(" "),
    })
    .permission("shipping:manage")
    .params(z.object({ id: z.string() }))
    .output(shipmentSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.shipping.requestShipmentCancel(organizationId, params.id, actor),
    }))
    .build();
