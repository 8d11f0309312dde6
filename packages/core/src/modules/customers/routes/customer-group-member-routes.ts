import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerIdSchema, customerSchema, groupIdSchema, groupMembersInput } from "../customers-schemas.js";

/** Membership of a group, Medusa's shape (`POST /customer-groups/:id/customers`), under the group. */
export const customerGroupMemberRoutes = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .post("/groups/:id/members", {
      summary: "Add customers to a group",
      description: [
        "Up to 100 customer ids; members already in the group stay as they are. An unknown id is a 422 at",
        "`body.customerIds.N` and nothing is written. Answers the ids added; each emits customers.update",
        "(`groupsChanged`).",
      ].join(" "),
    })
    .permission("customers:update")
    .params(z.object({ id: groupIdSchema }))
    .input(groupMembersInput)
    .output(z.object({ added: z.array(z.string()) }))
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.customers.addToGroup(organizationId, params.id, input.customerIds, actor),
    }))
    .delete("/groups/:id/members/:customerId", {
      summary: "Remove a customer from a group",
      description: [
        "Answers the customer's profile. 404 when the group, the customer or the membership does not exist.",
        "Emits customers.update (`groupsChanged`).",
      ].join(" "),
    })
    .permission("customers:update")
    .params(z.object({ id: groupIdSchema, customerId: customerIdSchema }))
    .output(customerSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.customers.removeFromGroup(organizationId, params.id, params.customerId, actor),
    }))
    .build();
