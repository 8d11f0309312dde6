import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { checkoutSessionSchema, sessionIdParams, updateSessionBody } from "../acp-schemas.js";
import { acpRoute, ACP_TAG } from "./acp-route.js";

export const updateSessionRoute = ({ services }: RouteContext, prefix: string) =>
  acpRoute(
    router(ACP_TAG, prefix).post("/checkout_sessions/:id", {
      summary: "Update a checkout session",
      description: [
        "Changes an open session: `line_items` (the list replaces the session's lines), `buyer`, `fulfillment_details`",
        "(the address prices the shipping options), `selected_fulfillment_options` (an option the session offers;",
        "another is a 400) and `discounts.codes`. A completed or canceled session is a 409 session_closed;",
        "another store's a 404.",
      ].join(" "),
    }),
    { isPost: true },
  )
    .params(sessionIdParams)
    .input(updateSessionBody)
    .output(checkoutSessionSchema)
    .handler(async ({ input, params, organizationId }) => ({
      data: await services.agenticCheckout.update({ organizationId, id: params.id, body: input }),
    }))
    .build();
