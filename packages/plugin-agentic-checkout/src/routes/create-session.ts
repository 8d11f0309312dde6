import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { checkoutSessionSchema, createSessionBody } from "../acp-schemas.js";
import { acpRoute, ACP_TAG } from "./acp-route.js";

export const createSessionRoute = ({ services }: RouteContext, prefix: string) =>
  acpRoute(
    router(ACP_TAG, prefix).post("/checkout_sessions", {
      summary: "Create a checkout session",
      description: [
        "Agentic Checkout (ACP): opens a session over a new cart with `line_items` (`id` is a catalog entity id, or",
        "`<entityId>:<variantId>`; `quantity` defaults to 1; any `unit_amount` sent is ignored: the server prices",
        "every line). Answers 201 with the session: lines, server totals in minor units, fulfillment options and the",
        "messages keeping it from `ready_for_payment`. An item that cannot be sold is a 400 naming it (`param`), and",
        "nothing is created.",
      ].join(" "),
    }),
    { isPost: true },
  )
    .input(createSessionBody)
    .output(checkoutSessionSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.agenticCheckout.create({ organizationId, actor, body: input }),
    }))
    .build();
