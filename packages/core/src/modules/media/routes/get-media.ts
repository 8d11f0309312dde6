import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const getMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .get("/:id", {
      summary: "Redirect to a media file",
      description: "302 to the file. `signed=true` gives a signed URL that works without credentials until it expires (`media.signedUrlTtlSeconds`). The body repeats the URL for clients that do not follow redirects.",
    })
    .permission("media:read")
    .params(z.object({ id: z.uuid() }))
    .query(z.object({ signed: z.enum(["true", "false"]).default("false") }))
    .handler(async ({ params, query, organizationId, reply }) => {
      const location = await services.media.locate(organizationId, params.id, { isSigned: query.signed === "true" });
      await reply.status(302).header("location", location.url).send({ data: location });
    })
    .build();
