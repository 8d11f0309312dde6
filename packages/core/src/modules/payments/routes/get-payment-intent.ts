import { z } from "zod";
import { router } from "../../../http/router.js";
import { AppError } from "../../../kernel/app-error.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { hasPermission } from "../../../kernel/permissions.js";
import { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC, cartTokenOf } from "../../carts/index.js";
import { ORDERS_READ_PERMISSION } from "../payment-intent-access.js";
import { paymentIntentAnswerSchema } from "../payments-schemas.js";

/** Owners reach their carts with `cart:read`; staff read any order's payment with `orders:read`. */
const CART_READ_PERMISSION = "cart:read";

export const getPaymentIntentRoute = ({ services }: RouteContext) =>
  router("Payments", "/payments")
    .get("/intents/:id", {
      summary: "Read an order's payment intent, with the provider's client secret",
      description:
        "The intent checkout answered as `payment.id`. For the order's owner (the `x-cart-token` of the cart checked out, or the session of the order's customer; needs `cart:read`) or staff with `orders:read`; anyone else gets 404. " +
        "The provider is asked after checkout commits (a job), so `status` starts `pending` with `clientSecret: null`: poll until it moves (`requires_action` or `authorized`: complete the payment with `clientSecret`; `succeeded`; `failed` with `lastError`). " +
        "Providers without a client secret (`manual`) answer null. The secret is stored encrypted and opened for this answer only.",
    })
    .auth()
    .header(CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC)
    .params(z.object({ id: z.uuid() }))
    .output(paymentIntentAnswerSchema)
    .handler(async ({ params, actor, organizationId, request }) => {
      // Either right lets the request through; which intents it reaches is the service's ownership rule.
      if (!hasPermission(actor, ORDERS_READ_PERMISSION) && !hasPermission(actor, CART_READ_PERMISSION)) {
        throw AppError.forbidden(
          `Reading a payment intent needs ${CART_READ_PERMISSION} (its order's owner) or ${ORDERS_READ_PERMISSION}`,
        );
      }
      return {
        data: await services.payments.readIntent({
          organizationId,
          intentId: params.id,
          caller: { actor, cartToken: cartTokenOf(request.headers) },
        }),
      };
    })
    .build();
