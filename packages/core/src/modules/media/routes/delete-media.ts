import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { mediaAssetSchema } from "../media-schemas.js";

export const deleteMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .delete("/:id", {
      summary: "Delete a media asset",
      description: [
        "Merchant uploads need media:write; generated and imported assets media:write or catalog:update.",
        "Attachments go with it.",
      ].join(" "),
    })
    .auth()
    .params(z.object({ id: z.uuid() }))
    .output(mediaAssetSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.media.deleteAsset(organizationId, params.id, actor),
    }))
    .build();
