import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { sessionSchema, userSchema } from "../auth-schemas.js";
import { clearCookie, setSessionCookie } from "./route-helpers.js";
import { toSessionOutput } from "./session-output.js";

export const getSession = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .get("/get-session", {
      summary: "The current session",
      description: [
        "`data` is null without a valid session (a stale cookie is cleared). Otherwise the session, the user, the",
        "active organization, the role there and its permissions. For cookie sessions the cookie's lifetime is renewed",
        "to match the sliding expiry.",
      ].join(" "),
    })
    .output(
      z
        .object({
          session: sessionSchema,
          user: userSchema.omit({ createdAt: true }),
          role: z.string().nullable(),
          permissions: z.array(z.string()),
          twoFactorEnabled: z.boolean(),
        })
        .nullable(),
    )
    .handler(async ({ request, reply }) => {
      const state = services.auth.recall(request);
      if (!state?.session) {
        if (state?.method === "cookie") clearCookie(services, reply);
        return { data: null };
      }
      const { session, user, role, isTwoFactorEnabled } = state.session;
      // The database expiry slides with use; the cookie's own lifetime follows it here.
      if (state.method === "cookie" && state.token)
        setSessionCookie(services, reply, { token: state.token, expiresAt: session.expiresAt });
      return {
        data: {
          session: toSessionOutput(session),
          user,
          role,
          permissions: [...(state.actor?.permissions ?? [])],
          twoFactorEnabled: isTwoFactorEnabled,
        },
      };
    })
    .build();
