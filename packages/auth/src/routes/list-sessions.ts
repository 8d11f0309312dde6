import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { sessionSchema } from "../auth-schemas.js";
import { requireSession } from "./route-helpers.js";
import { toSessionOutput } from "./session-output.js";

export const listSessions = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .get("/sessions", { summary: "List your active sessions" })
    .auth()
    .output(z.array(sessionSchema.extend({ isCurrent: z.boolean() })))
    .handler(async ({ request }) => {
      const current = requireSession(services, request);
      const sessions = await services.auth.sessions.list(current.user.id);
      return {
        data: sessions.map((session) => ({
          ...toSessionOutput(session),
          isCurrent: session.id === current.session.id,
        })),
      };
    })
    .build();
