import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { openReturnInput, returnSchema } from "../aftersale-schemas.js";

/** Request a return of units of a sub-order. */
export const openReturnRoute = ({ services }: RouteContext) =>
  router("Marketplace returns", "/marketplace/returns")
    .post("/", {
      summary: "Request a return of units of a sub-order",
      description: "By its buyer or staff; 422 for a line not of the sub-order or more units than are left to refund.",
    })
    .auth()
    .input(openReturnInput)
    .output(returnSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.marketplace.returns.open(organizationId, actor, input),
    }))
    .build();
