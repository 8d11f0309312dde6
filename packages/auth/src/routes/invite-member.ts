import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { emailSchema } from "../auth-schemas.js";
import { invitationSchema } from "./invitation-schemas.js";
import { roleSchema } from "./member-schemas.js";

const body = z.object({ email: emailSchema, role: roleSchema });

/** The path that used to add an existing user by e-mail: it now invites, and says nothing about the address. */
export const inviteMember = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .post("/organization/members", {
      summary: "Invite someone to the organization",
      description: [
        "Creates an invitation for `email` with `role`, a configured role (422 otherwise) whose every permission the",
        "caller holds (403 otherwise), and mails its link to the address. The answer is the same whether or not anyone",
        "has an account with that address; only 409 `ALREADY_MEMBER` for a member of this organization.",
        "Inviting the address again replaces its pending invitation. The invitee, signed in with that address (signing",
        "up first if needed), accepts with `POST /api/auth/organization/invitations/accept` within seven days.",
      ].join(" "),
    })
    .permission("members:manage")
    .input(body)
    .output(invitationSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.invitations.invite({ organizationId, email: input.email, role: input.role, actor }),
    }))
    .build();
