import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { mediaAttachmentSchema, reorderAttachmentsInput } from "../media-schemas.js";

export const reorderMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .post("/attachments/order", {
      summary: "Order the media of an entity or of one variant",
      description: [
        "`attachmentIds` lists every attachment of the entity (variantId null) or of the variant once, in the new",
        "order (sortOrder 0, 1, 2…); a list that misses or adds one is a 422. Emits catalog.update.",
      ].join(" "),
    })
    .permission("media:write")
    .input(reorderAttachmentsInput)
    .output(z.array(mediaAttachmentSchema))
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.media.reorderAttachments(organizationId, input, actor),
    }))
    .build();
