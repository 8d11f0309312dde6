import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { checkoutSessionSchema, sessionIdParams } from "../acp-schemas.js";
import { acpRoute, ACP_TAG } from "./acp-route.js";

export const getSessionRoute = ({ services }: RouteContext, prefix: string) =>
  acpRoute(
    router(ACP_TAG, prefix).get("/checkout_sessions/:id", {
      summary: "Retrieve a checkout session",
      description: [
        "The session as it stands: an open one priced now, a completed one with its `order`. Another store's session",
        "is a 404.",
      ].join(" "),
    }),
    { isPost: false },
  )
    .params(sessionIdParams)
    .output(checkoutSessionSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.agenticCheckout.get(organizationId, params.id),
    }))
    .build();
