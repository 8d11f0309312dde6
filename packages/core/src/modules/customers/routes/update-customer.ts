import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerIdSchema, customerSchema, updateCustomerInput } from "../customers-schemas.js";

export const updateCustomerRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .patch("/:id", {
      summary: "Update a customer",
      description: [
        "Any subset of the fields; null clears one. `metadata` replaces the object. An account's `email` is its",
        "sign-in address and cannot change here (422). Changing `acceptsMarketing` stamps `acceptsMarketingUpdatedAt`.",
        "Groups change through `/customers/groups/{id}/members`. Emits customers.update.",
      ].join(" "),
    })
    .permission("customers:update")
    .params(z.object({ id: customerIdSchema }))
    .input(updateCustomerInput)
    .output(customerSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.customers.update(organizationId, params.id, input, actor),
    }))
    .build();
