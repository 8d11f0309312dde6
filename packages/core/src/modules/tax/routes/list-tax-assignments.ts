import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { taxAssignmentSchema } from "../tax-schemas.js";

export const listTaxAssignmentsRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .get("/assignments", { summary: "Tax classes assigned to an entity and its variants" })
    .permission("tax:manage")
    .query(z.object({ entityId: z.uuid() }))
    .output(z.array(taxAssignmentSchema))
    .handler(async ({ query, organizationId }) => ({
      data: await services.tax.listAssignments(organizationId, query.entityId),
    }))
    .build();
