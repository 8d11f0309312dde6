import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const getMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .get("/:id", {
      summary: "Redirect to a media file",
      description: [
        "302 to the file. A caller without `media:write` reaches only public assets (attached in a `media.publicRoles`",
        "role to an entity it may read); any other asset is a 404. `signed=true` gives a signed URL that works without",
        "credentials until it expires (`media.signedUrlTtlSeconds`). The body repeats the URL for clients that do not",
        "follow redirects.",
      ].join(" "),
    })
    .permission("media:read")
    .params(z.object({ id: z.uuid() }))
    .query(z.object({ signed: z.enum(["true", "false"]).default("false") }))
    .handler(async ({ params, query, organizationId, actor, reply }) => {
      const location = await services.media.locateFor(organizationId, params.id, actor, {
        isSigned: query.signed === "true",
      });
      await reply.status(302).header("location", location.url).send({ data: location });
    })
    .build();
