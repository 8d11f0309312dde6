import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { assignTaxClassInput, taxAssignmentSchema } from "../tax-schemas.js";

export const assignTaxClassRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .put("/assignments", {
      summary: "Set the tax class of an entity or a variant",
      description: [
        "Without `variantId` the class applies to the entity (and its variants without their own).",
        "`taxClassId: null` removes the assignment (answers null).",
      ].join(" "),
    })
    .permission("tax:manage")
    .input(assignTaxClassInput)
    .output(taxAssignmentSchema.nullable())
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.tax.assignTaxClass(organizationId, input, actor),
    }))
    .build();
