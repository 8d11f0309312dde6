import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { orderSchema } from "../orders-schemas.js";

export const getOrderRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id", { summary: "Read an order", description: "By UUID or by number (`ORD-2026-000042`), with its lines." })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .output(orderSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.orders.get(organizationId, params.id) }))
    .build();
