import { router, type RouteContext } from "@unified-commerce/core";
import { okSchema } from "../auth-schemas.js";
import { memberParams } from "./member-schemas.js";

export const removeMember = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .delete("/organization/members/:userId", {
      summary: "Remove a member from the organization",
      description: [
        "Ends the membership, not the account: the user keeps their other organizations, and their sessions here lose",
        "the role's permissions at their next request. Refused with 403 `MEMBER_OUTRANKS_YOU` when the member's role",
        "grants something the caller lacks, 409 `LAST_OWNER` for the last owner; 404 for users who are not members of",
        "this organization.",
      ].join(" "),
    })
    .permission("members:manage")
    .params(memberParams)
    .output(okSchema)
    .handler(async ({ params, actor, organizationId }) => {
      await services.memberships.remove({ organizationId, userId: params.userId, actor });
      return { data: { success: true as const } };
    })
    .build();
