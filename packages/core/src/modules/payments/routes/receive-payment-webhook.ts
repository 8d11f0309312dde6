import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { webhookReceiptSchema } from "../payments-schemas.js";

export const receivePaymentWebhookRoute = ({ services }: RouteContext) =>
  router("Payments", "/payments")
    .post("/webhook/:provider", {
      summary: "Receive a payment provider's webhook",
      description:
        "Public: the provider's adapter verifies the raw body (the card adapter: `Stripe-Signature` `t=<unix>,v1=<hex HMAC-SHA256>`, 300 s tolerance). " +
        "An unregistered provider or one without webhooks is a 404, a bad or stale signature a 400 `PAYMENT_WEBHOOK_REJECTED`; nothing is recorded then. " +
        "A verified event is recorded once per event id (a replay answers `duplicate: true`); `payment_intent.succeeded` with `metadata.orderId` confirms that order of this store.",
    })
    .params(z.object({ provider: z.string().min(1).max(64) }))
    .rawBody()
    .output(webhookReceiptSchema)
    .handler(async ({ params, input, request, organizationId }) => ({
      data: await services.payments.receiveWebhook({
        organizationId,
        provider: params.provider,
        rawBody: input ?? Buffer.alloc(0),
        headers: request.headers,
      }),
    }))
    .build();
