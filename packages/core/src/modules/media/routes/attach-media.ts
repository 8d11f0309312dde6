import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { attachMediaInput, mediaAttachmentSchema } from "../media-schemas.js";

export const attachMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .post("/attach", {
      summary: "Attach a media asset to an entity or a variant",
      description: "Once per level: a second attachment to the same entity (or the same variant) is a 409.",
    })
    .permission("media:write")
    .input(attachMediaInput)
    .output(mediaAttachmentSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.media.attach(organizationId, input, actor),
    }))
    .build();
