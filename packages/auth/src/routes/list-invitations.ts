import { z } from "zod";
import { paginate, paginationQuery, router, type RouteContext } from "@unified-commerce/core";
import { invitationSchema } from "./invitation-schemas.js";

export const listInvitations = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .get("/organization/invitations", {
      summary: "List the organization's invitations",
      description: [
        "Newest first, with their status (`pending`, `accepted`, `revoked`, `expired`); never their tokens.",
        "Only this organization's.",
      ].join(" "),
    })
    .permission("members:manage")
    .query(paginationQuery)
    .output(z.array(invitationSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.invitations.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
