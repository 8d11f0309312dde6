import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionSchema, createConnectionInput } from "../channel-schemas.js";

export const createConnectionRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .post("/", {
      summary: "Connect a sales channel",
      description: [
        "Stores the connection with its `credentials` sealed under the server's secret key: no answer ever shows them",
        "again (only their names, `credentialKeys`). Connecting starts nothing: no import, no push.",
        "422 for an unknown `adapterId`.",
      ].join(" "),
    })
    .permission("channels:manage")
    .input(createConnectionInput)
    .output(connectionSchema)
    .status(201)
    .handler(async ({ input, organizationId }) => ({ data: await services.channels.create(organizationId, input) }))
    .build();
