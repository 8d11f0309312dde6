import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionIdParams, connectionSchema } from "../channel-schemas.js";

export const startBackfillRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .post("/:id/backfill", {
      summary: "Start a catalog backfill",
      description: [
        "Enqueues `channel/backfill-catalog`: one page of published products per job run, pushed with price and",
        "available stock, re-enqueued until the catalog is done. A backfill under way resumes from its cursor;",
        "a finished one starts over (pushes are upserts). Progress shows on `GET /api/channels/:id`.",
        "202.",
      ].join(" "),
    })
    .permission("channels:manage")
    .params(connectionIdParams)
    .output(connectionSchema)
    .status(202)
    .handler(async ({ params, organizationId }) => {
      await services.channels.startBackfill(organizationId, params.id);
      return { data: await services.channels.get(organizationId, params.id) };
    })
    .build();
