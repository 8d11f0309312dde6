import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { checkoutSessionSchema, completeSessionBody, sessionIdParams } from "../acp-schemas.js";
import { acpRoute, ACP_TAG } from "./acp-route.js";

export const completeSessionRoute = ({ services }: RouteContext, prefix: string) =>
  acpRoute(
    router(ACP_TAG, prefix).post("/checkout_sessions/:id/complete", {
      summary: "Complete a checkout session",
      description: [
        "Places the order through the store's checkout (server prices, promotions, tax, stock taken with a guarded",
        "statement: never oversold) with the selected shipping rate charged on top, and answers the `completed`",
        "session with its `order`. `payment_data.handler_id` names one of the store's payment providers (`manual`,",
        "`card`), with the instrument's token as the method (`card:<token>`). A session not ready, an unknown handler",
        "(`payment_declined`) or a refused checkout (`out_of_stock`...) answers the open session with an error",
        "message, and nothing is written. The order's lifecycle then goes to the platform's webhook (`order_create`,",
        "`order_update`).",
      ].join(" "),
    }),
    { isPost: true },
  )
    .params(sessionIdParams)
    .input(completeSessionBody)
    .output(checkoutSessionSchema)
    .handler(async ({ input, params, actor, organizationId }) => ({
      data: (await services.agenticCheckout.complete({ organizationId, actor, id: params.id, body: input })).session,
    }))
    .build();
