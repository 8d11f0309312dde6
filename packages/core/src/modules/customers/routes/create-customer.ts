import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createCustomerInput, customerSchema } from "../customers-schemas.js";

export const createCustomerRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .post("/", {
      summary: "Create a customer",
      description: [
        "A customer without an account (`hasAccount: false`, a fresh UUID), for orders taken by staff.",
        "An e-mail another such customer has is a 409; an account signing up with that address gets its own profile.",
        "Each of `groupIds` must exist (422). Emits customers.create.",
      ].join(" "),
    })
    .permission("customers:update")
    .input(createCustomerInput)
    .output(customerSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.customers.create(organizationId, input, actor),
    }))
    .build();
