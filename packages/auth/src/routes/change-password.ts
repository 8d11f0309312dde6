import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { passwordSchema } from "../auth-schemas.js";
import { requireSession } from "./route-helpers.js";

const body = z.object({ currentPassword: passwordSchema, newPassword: passwordSchema });

export const changePassword = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/change-password", {
      summary: "Change your password",
      description: "Ends every other session of the user; the current one stays.",
    })
    .auth()
    .input(body)
    .output(z.object({ revokedSessions: z.number().int() }))
    .handler(async ({ input, request }) => {
      const current = requireSession(services, request);
      return {
        data: await services.auth.changePassword({ ...input, userId: current.user.id, sessionId: current.session.id }),
      };
    })
    .build();
