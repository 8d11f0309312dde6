import { z } from "zod";
import { paginate } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerSchema, listCustomersQuery } from "../customers-schemas.js";

export const listCustomersRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .get("/", {
      summary: "List customers",
      description: [
        "Newest first. `q` matches a substring of the e-mail or the name (any case), `groupId` keeps one group's",
        "members, `hasAccount` splits accounts from staff-made records.",
      ].join(" "),
    })
    .permission("customers:read")
    .query(listCustomersQuery)
    .output(z.array(customerSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.customers.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
