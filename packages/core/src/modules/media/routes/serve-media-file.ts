import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const serveMediaFileRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .get("/:id/file", {
      summary: "The bytes of a media file",
      description: [
        "With `expires` and `signature` from a signed URL, no credentials are needed (403 when expired or tampered);",
        "otherwise media:read, and only public assets (attached in a `media.publicRoles` role to an entity the caller",
        "may read) without `media:write`: any other asset is a 404.",
      ].join(" "),
    })
    .params(z.object({ id: z.uuid() }))
    .query(z.object({ expires: z.coerce.number().int().optional(), signature: z.string().max(200).optional() }))
    .produces("application/octet-stream")
    .handler(async ({ params, query, organizationId, actor, reply }) => {
      const file = await services.media.readFile(organizationId, params.id, {
        actor,
        ...(query.expires === undefined ? {} : { expires: query.expires }),
        ...(query.signature === undefined ? {} : { signature: query.signature }),
      });
      await reply
        .status(200)
        .header("content-type", file.mimeType)
        .header("cache-control", "private, max-age=300")
        .header("x-content-type-options", "nosniff")
        .send(file.data);
    })
    .build();
