import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { planIdParams, planSchema } from "../layaway-schemas.js";

export const getPlanRoute = ({ services }: RouteContext) =>
  router("Layaway", "/layaways")
    .get("/:id", {
      summary: "Read a layaway plan",
      description: "With its lines, installment schedule and payment ledger (oldest entry first).",
    })
    .permission("layaway:operate")
    .params(planIdParams)
    .output(planSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.layaways.get(organizationId, params.id) }))
    .build();
