import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { orderSchema } from "../../orders/index.js";
import { customerOf } from "../me-customer.js";
import { myOrderParams } from "../me-schemas.js";
import { ME_ACCESS_DOC } from "./me-route-doc.js";

export const getMyOrderRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .get("/orders/:idOrNumber", {
      summary: "Read one of my orders",
      description: `By UUID or by number (\`ORD-2026-000042\`), with its lines. ${ME_ACCESS_DOC}`,
    })
    .session()
    .permission("orders:read:own")
    .params(myOrderParams)
    .output(orderSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.me.getOrder(organizationId, customerOf(actor), params.idOrNumber),
    }))
    .build();
