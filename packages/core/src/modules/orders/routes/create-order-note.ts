import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createOrderNoteInput, orderNoteSchema } from "../orders-schemas.js";

export const createOrderNoteRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .post("/:id/notes", {
      summary: "Add a note to an order",
      description: "`body` 1 to 2000 characters (422 beyond); `pinned` lists it first. Writes a `note` timeline entry.",
    })
    .permission("orders:update")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .input(createOrderNoteInput)
    .output(orderNoteSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.orders.addNote(organizationId, params.id, input, actor),
    }))
    .build();
