import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { returnSchema } from "../aftersale-schemas.js";

/** Receive a return and refund it. */
export const receiveReturnRoute = ({ services }: RouteContext) =>
  router("Marketplace returns", "/marketplace/returns")
    .post("/:id/receive", {
      summary: "Receive a return and refund it",
      description: [
        "By the vendor or staff: → received; refunds the units through the order's refund rules (a 422 or 403 from",
        "them leaves the return as it was).",
      ].join(" "),
    })
    .auth()
    .output(returnSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.returns.receive(organizationId, actor, params.id),
    }))
    .build();
