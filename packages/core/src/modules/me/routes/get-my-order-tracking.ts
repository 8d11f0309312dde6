import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerOf } from "../me-customer.js";
import { myOrderParams, orderTrackingSchema } from "../me-schemas.js";
import { ME_ACCESS_DOC } from "./me-route-doc.js";

export const getMyOrderTrackingRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .get("/orders/:idOrNumber/tracking", {
      summary: "Track one of my orders",
      description: [
        "The order's status, its shipments newest first (carrier, tracking number, tracking URL, the lines each",
        "carried) and how far each line has shipped; no shipment yet is an empty list.",
        `${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("orders:read:own")
    .params(myOrderParams)
    .output(orderTrackingSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.me.tracking(organizationId, customerOf(actor), params.idOrNumber),
    }))
    .build();
