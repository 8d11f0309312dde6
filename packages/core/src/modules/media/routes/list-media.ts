import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { mediaAssetSchema } from "../media-schemas.js";

export const listMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .get("/", {
      summary: "List media assets",
      description: [
        "The media library: every asset, attached or not, newest first. Needs media:write, as it lists private",
        "assets (downloads, unattached uploads) that media:read alone may not see.",
      ].join(" "),
    })
    .permission("media:write")
    .query(paginationQuery)
    .output(z.array(mediaAssetSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.media.listAssets(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
