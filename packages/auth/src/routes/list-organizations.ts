import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { requireSession } from "./route-helpers.js";

export const listOrganizations = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .get("/organizations", {
      summary: "Organizations you are a member of",
      description: "With your role in each, and which one the session acts on.",
    })
    .auth()
    .output(
      z.array(
        z.object({
          organizationId: z.string(),
          organizationName: z.string().nullable(),
          role: z.string(),
          isActive: z.boolean(),
        }),
      ),
    )
    .handler(async ({ request }) => {
      const current = requireSession(services, request);
      const memberships = await services.auth.users.memberships(current.user.id);
      return {
        data: memberships.map((membership) => ({
          organizationId: membership.organizationId,
          organizationName: membership.organizationName,
          role: membership.role,
          isActive: membership.organizationId === current.session.organizationId,
        })),
      };
    })
    .build();
