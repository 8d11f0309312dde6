import { router, type RouteContext } from "@unified-commerce/core";
import { okSchema } from "../auth-schemas.js";
import { invitationParams } from "./invitation-schemas.js";

export const revokeInvitation = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .delete("/organization/invitations/:id", {
      summary: "Revoke a pending invitation",
      description: [
        "Its link stops working. 404 `INVITATION_NOT_FOUND` for invitations of other organizations and for ones no",
        "longer pending.",
      ].join(" "),
    })
    .permission("members:manage")
    .params(invitationParams)
    .output(okSchema)
    .handler(async ({ params, actor, organizationId }) => {
      await services.invitations.revoke({ organizationId, id: params.id, actor });
      return { data: { success: true as const } };
    })
    .build();
