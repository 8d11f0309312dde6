import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { forfeitInput, planIdParams, planSchema } from "../layaway-schemas.js";

export const forfeitPlanRoute = ({ services }: RouteContext) =>
  router("Layaway", "/layaways")
    .post("/:id/forfeit", {
      summary: "Forfeit a layaway plan",
      description: [
        "Releases the reserved stock, keeps the ledger, keeps the fee (`forfeitFeePercent` of the total, at most what",
        "was paid) and refunds the rest through the manual adapter. A plan that is not active is a 409.",
      ].join(" "),
    })
    .permission("layaway:manage")
    .params(planIdParams)
    .input(forfeitInput)
    .output(planSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.layaways.forfeit(organizationId, actor, params.id, input),
    }))
    .build();
