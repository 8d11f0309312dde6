import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerGroupPatchInput, customerGroupSchema, groupIdSchema } from "../customers-schemas.js";

export const updateCustomerGroupRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .patch("/groups/:id", {
      summary: "Rename or describe a customer group",
      description: "The id stays: prices and promotions name it. A name another group has (any case) is a 409.",
    })
    .permission("customers:update")
    .params(z.object({ id: groupIdSchema }))
    .input(customerGroupPatchInput)
    .output(customerGroupSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.customers.updateGroup(organizationId, params.id, input, actor),
    }))
    .build();
