import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerGroupInput, customerGroupSchema } from "../customers-schemas.js";

export const createCustomerGroupRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .post("/groups", {
      summary: "Create a customer group",
      description: [
        "`id` is what prices (`customerGroupId`) and promotions (`customerGroupIds`) name: choose it to match them",
        "(`wholesale`), or leave it out for a UUID. A duplicate id or name (any case) is a 409.",
      ].join(" "),
    })
    .permission("customers:update")
    .input(customerGroupInput)
    .output(customerGroupSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.customers.createGroup(organizationId, input, actor),
    }))
    .build();
