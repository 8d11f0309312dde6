import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerIdSchema, customerSchema } from "../customers-schemas.js";

export const getCustomerRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .get("/:id", {
      summary: "Read a customer",
      description: "The profile with its `groupIds`. Another organization's customer is a 404.",
    })
    .permission("customers:read")
    .params(z.object({ id: customerIdSchema }))
    .output(customerSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.customers.get(organizationId, params.id) }))
    .build();
