import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { requireSession } from "./route-helpers.js";

export const setActiveOrganization = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/organization/set-active", {
      summary: "Switch the organization your session acts on",
      description: [
        "Only to an organization you are a member of (403 otherwise). Every later request of the session acts on it,",
        "with your role there.",
      ].join(" "),
    })
    .auth()
    .input(z.object({ organizationId: z.string().min(1).max(200) }))
    .output(z.object({ organizationId: z.string(), role: z.string().nullable() }))
    .handler(async ({ input, request }) => {
      const current = requireSession(services, request);
      await services.auth.setActiveOrganization(current, input.organizationId);
      return {
        data: {
          organizationId: input.organizationId,
          role: await services.auth.users.roleIn(current.user.id, input.organizationId),
        },
      };
    })
    .build();
