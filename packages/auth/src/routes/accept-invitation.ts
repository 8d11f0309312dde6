import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { requireSession } from "./route-helpers.js";

export const acceptInvitation = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .post("/organization/invitations/accept", {
      summary: "Accept an invitation to an organization",
      description: [
        "With the token from the invitation mail, signed in (session, not an API key) with the invited address.",
        "One answer, 422 on `body.token`, for a token that is unknown, wrong, used, revoked, expired or for another",
        "address. Makes you a member with the invited role (a customer of the store takes the invited role);",
        "switch to it with `POST /api/auth/organization/set-active`.",
      ].join(" "),
    })
    .auth()
    .input(z.object({ token: z.string().min(1).max(200) }))
    .output(z.object({ organizationId: z.string(), role: z.string() }))
    .handler(async ({ input, request }) => {
      const { user } = requireSession(services, request);
      return { data: await services.invitations.accept({ token: input.token, user }) };
    })
    .build();
