import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { mediaAttachmentSchema } from "../media-schemas.js";

export const detachMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .delete("/attachments/:id", {
      summary: "Detach a media asset from an entity or a variant",
      description: "The asset stays in the library (DELETE /media/{id} deletes it everywhere). Emits catalog.update.",
    })
    .permission("media:write")
    .params(z.object({ id: z.uuid() }))
    .output(mediaAttachmentSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.media.detach(organizationId, params.id, actor),
    }))
    .build();
