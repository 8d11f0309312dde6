import { z } from "zod";
import { paginate, paginationQuery, router, type RouteContext } from "@unified-commerce/core";
import { memberSchema } from "./member-schemas.js";

export const listMembers = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .get("/organization/members", {
      summary: "List the organization's members",
      description: [
        "The members of the organization the request acts on (a session's active one, an API key's own), oldest first,",
        "with their role.",
      ].join(" "),
    })
    .permission("members:manage")
    .query(paginationQuery)
    .output(z.array(memberSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.memberships.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
