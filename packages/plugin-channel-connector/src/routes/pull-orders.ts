import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { connectionIdParams, connectionSchema } from "../channel-schemas.js";

export const pullOrdersRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .post("/:id/orders/pull", {
      summary: "Start pulling the channel's orders",
      description: [
        "Enqueues `channel/pull-orders` now; each run imports the channel's waiting orders through checkout (stock",
        "taken by the same guarded step as any checkout, each channel order imported once) and schedules the next run.",
        "202.",
      ].join(" "),
    })
    .permission("channels:manage")
    .params(connectionIdParams)
    .output(connectionSchema)
    .status(202)
    .handler(async ({ params, organizationId }) => ({
      data: await services.channels.startOrderPull(organizationId, params.id),
    }))
    .build();
