import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { orderNoteSchema } from "../orders-schemas.js";

export const listOrderNotesRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/notes", { summary: "List an order's notes", description: "Pinned notes first, then newest first." })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .output(z.array(orderNoteSchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.orders.listNotes(organizationId, params.id),
    }))
    .build();
