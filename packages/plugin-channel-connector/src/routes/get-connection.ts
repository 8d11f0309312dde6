import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionIdParams, connectionSchema } from "../channel-schemas.js";

export const getConnectionRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .get("/:id", {
      summary: "Read a channel connection",
      description: [
        "With the catalog backfill's progress (pages, items, errors), stock pushes and imported orders;",
        "never its credentials.",
      ].join(" "),
    })
    .permission("channels:manage")
    .params(connectionIdParams)
    .output(connectionSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.channels.get(organizationId, params.id) }))
    .build();
