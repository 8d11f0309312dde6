import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createPlanInput, planSchema } from "../layaway-schemas.js";

export const createPlanRoute = ({ services }: RouteContext) =>
  router("Layaway", "/layaways")
    .post("/", {
      summary: "Create a layaway plan",
      description: [
        "For `customerId`, priced by the server (pricing and tax, as checkout); takes the deposit through the manual",
        "adapter and reserves each line's stock until the deadline with the inventory's guarded step.",
        "422 bad input (deposit under the minimum or covering the total, schedule, deadline), 404 unknown item, 409",
        "not enough stock; nothing is written then.",
      ].join(" "),
    })
    .permission("layaway:operate")
    .input(createPlanInput)
    .output(planSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.layaways.create(organizationId, actor, input),
    }))
    .build();
