import { AppError, router, type RouteContext } from "@unified-commerce/core";
import { okSchema } from "../auth-schemas.js";
import { requireSession } from "./route-helpers.js";

export const revokeSession = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .delete("/sessions/:id", {
      summary: "Revoke one of your sessions",
      description: "Only your own sessions; another user's session id answers 404.",
    })
    .auth()
    .output(okSchema)
    .handler(async ({ params, request }) => {
      const current = requireSession(services, request);
      if (!(await services.auth.sessions.revoke(current.user.id, params.id))) throw AppError.notFound("Session");
      return { data: { success: true as const } };
    })
    .build();
