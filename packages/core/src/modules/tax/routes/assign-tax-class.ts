import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { taxAssignmentSchema } from "../tax-schemas.js";

const body = z.object({ entityId: z.uuid(), variantId: z.uuid().nullable().optional(), taxClassId: z.uuid().nullable() });

export const assignTaxClassRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .put("/assignments", {
      summary: "Set the tax class of an entity or a variant",
      description: "Without `variantId` the class applies to the entity (and its variants without their own). `taxClassId: null` removes the assignment (answers null).",
    })
    .permission("tax:manage")
    .input(body)
    .output(taxAssignmentSchema.nullable())
    .handler(async ({ input, organizationId, actor }) => ({ data: await services.tax.assignTaxClass(organizationId, input, actor) }))
    .build();
