import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { orderNoteSchema } from "../orders-schemas.js";

export const deleteOrderNoteRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .delete("/:id/notes/:noteId", {
      summary: "Delete a note of an order",
      description: "Answers the deleted note and writes a `note` timeline entry.",
    })
    .permission("orders:update")
    .params(z.object({ id: z.string().min(1).max(64), noteId: z.string().min(1).max(64) }))
    .output(orderNoteSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.orders.deleteNote(organizationId, params.id, params.noteId, actor),
    }))
    .build();
