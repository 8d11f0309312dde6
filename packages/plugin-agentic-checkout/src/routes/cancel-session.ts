import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { cancelSessionBody, checkoutSessionSchema, sessionIdParams } from "../acp-schemas.js";
import { acpRoute, ACP_TAG } from "./acp-route.js";

export const cancelSessionRoute = ({ services }: RouteContext, prefix: string) =>
  acpRoute(
    router(ACP_TAG, prefix).post("/checkout_sessions/:id/cancel", {
      summary: "Cancel a checkout session",
      description: [
        "Cancels an open session (an optional `intent_trace` says why). A completed or already canceled session is a",
        "405, as the spec says.",
      ].join(" "),
    }),
    { isPost: true },
  )
    .params(sessionIdParams)
    .input(cancelSessionBody)
    .output(checkoutSessionSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.agenticCheckout.cancel({ organizationId, id: params.id }),
    }))
    .build();
