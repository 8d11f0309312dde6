import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { memberParams, memberSchema, roleSchema } from "./member-schemas.js";

export const updateMember = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .patch("/organization/members/:userId", {
      summary: "Change a member's role",
      description: [
        "The new role must be configured (422) and grant nothing the caller lacks; the member's current role too (403",
        "`MEMBER_OUTRANKS_YOU`: an admin cannot demote an owner). Demoting the last owner (role granting `*:*`)",
        "answers 409 `LAST_OWNER`. Their sessions act with the new role from their next request. 404 for users who are",
        "not members of this organization.",
      ].join(" "),
    })
    .permission("members:manage")
    .params(memberParams)
    .input(z.object({ role: roleSchema }))
    .output(memberSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.memberships.changeRole({ organizationId, userId: params.userId, role: input.role, actor }),
    }))
    .build();
