import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { channelOrderInput, connectionIdParams, importResultSchema } from "../channel-schemas.js";

export const receiveOrderRoute = ({ services }: RouteContext) =>
  router("Channels", "/channels")
    .post("/:id/orders", {
      summary: "Receive an order from the channel",
      description: [
        "For channels that push their orders (a webhook relay holding a key with `channels:manage`):",
        "imports it through checkout in one transaction, de-duplicated by `externalId` (a repeated delivery answers",
        "the first outcome with `isDuplicate`). A refusal (out of stock, a product this connection does not list) is",
        "answered as `rejected` with its reason and recorded; nothing else is written then. The channel is not",
        "acknowledged here: the caller delivered it.",
      ].join(" "),
    })
    .permission("channels:manage")
    .params(connectionIdParams)
    .input(channelOrderInput)
    .output(importResultSchema)
    .handler(async ({ params, input, organizationId }) => ({
      data: await services.channels.importOrder(organizationId, params.id, input),
    }))
    .build();
