import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { mediaAssetSchema, updateMediaInput } from "../media-schemas.js";

export const updateMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .patch("/:id", {
      summary: "Change a media asset's alt text",
      description: "`alt` null clears it. Emits catalog.update on every entity the asset is attached to.",
    })
    .permission("media:write")
    .params(z.object({ id: z.uuid() }))
    .input(updateMediaInput)
    .output(mediaAssetSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.media.updateAsset(organizationId, params.id, input, actor),
    }))
    .build();
