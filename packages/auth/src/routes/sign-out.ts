import { router, type RouteContext } from "@unified-commerce/core";
import { okSchema } from "../auth-schemas.js";
import { clearCookie } from "./route-helpers.js";

export const signOut = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/sign-out", {
      summary: "End the current session",
      description: "Deletes the session: its token stops working as cookie and as bearer token.",
    })
    .output(okSchema)
    .handler(async ({ request, reply }) => {
      const state = services.auth.recall(request);
      if (state?.session) await services.auth.sessions.invalidate(state.session.session.id);
      clearCookie(services, reply);
      return { data: { success: true as const } };
    })
    .build();
