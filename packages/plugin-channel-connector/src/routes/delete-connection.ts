import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionIdParams, connectionSchema } from "../channel-schemas.js";

export const deleteConnectionRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .delete("/:id", {
      summary: "Delete a channel connection",
      description: [
        "With its credentials, listings and order records; its pending jobs find nothing and end. The channel's own",
        "data is left as it is. Answers the connection as it was.",
      ].join(" "),
    })
    .permission("channels:manage")
    .params(connectionIdParams)
    .output(connectionSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.channels.remove(organizationId, params.id),
    }))
    .build();
