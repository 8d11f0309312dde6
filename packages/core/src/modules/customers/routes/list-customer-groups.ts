import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerGroupSchema, groupIdSchema } from "../customers-schemas.js";

export const listCustomerGroupsRoute = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .get("/groups", {
      summary: "List customer groups",
      description: "By name. A group's members: `GET /customers?groupId=`.",
    })
    .permission("customers:read")
    .query(paginationQuery)
    .output(z.array(customerGroupSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.customers.listGroups(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .get("/groups/:id", { summary: "Read a customer group" })
    .permission("customers:read")
    .params(z.object({ id: groupIdSchema }))
    .output(customerGroupSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.customers.getGroup(organizationId, params.id),
    }))
    .build();
