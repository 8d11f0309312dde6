import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const receiveTrackingWebhookRoute = ({ services }: RouteContext) =>
  router("Shipping", "/shipping")
    .post("/webhooks/:provider", {
      summary: "Receive a fulfillment provider's tracking webhook",
      description: [
        "Public: the provider verifies the raw body (a bad signature is a 400 `TRACKING_WEBHOOK_REJECTED`, nothing",
        "recorded; a provider without tracking webhooks is a 404). Each event is recorded once per shipment and",
        "event id (a replay counts as `duplicates`) on this store's shipment of its tracking number, and moves the",
        "shipment's status; it shows in `GET /me/orders/{id}/tracking`.",
      ].join(" "),
    })
    .params(z.object({ provider: z.string().min(1).max(64) }))
    .rawBody()
    .output(z.object({ recorded: z.number().int(), duplicates: z.number().int(), unknown: z.number().int() }))
    .handler(async ({ params, input, request, organizationId }) => ({
      data: await services.shipping.receiveTrackingWebhook(organizationId, params.provider, {
        rawBody: input ?? Buffer.alloc(0),
        headers: request.headers,
      }),
    }))
    .build();
