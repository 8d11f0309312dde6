import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerGroupSchema, groupIdSchema } from "../customers-schemas.js";

export const deleteCustomerGroupRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .delete("/groups/:id", {
      summary: "Delete a customer group",
      description: [
        "Its members leave it (each emits customers.update `groupsChanged`). Prices and promotions naming its id stay",
        "and apply to nobody. Answers the deleted group.",
      ].join(" "),
    })
    .permission("customers:update")
    .params(z.object({ id: groupIdSchema }))
    .output(customerGroupSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.customers.deleteGroup(organizationId, params.id, actor),
    }))
    .build();
