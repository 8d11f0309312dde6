import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { taxClassBody, taxClassSchema } from "../tax-schemas.js";

export const createTaxClassRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .post("/classes", {
      summary: "Create a tax class",
      description: [
        "`rateBps` in basis points. `isDefault: true` makes it the organization's only default class (the previous one",
        "is unset in the same transaction). A duplicate name is a 409.",
      ].join(" "),
    })
    .permission("tax:manage")
    .input(taxClassBody)
    .output(taxClassSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.tax.createTaxClass(organizationId, input, actor),
    }))
    .build();
