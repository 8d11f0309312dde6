import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { signedInSchema } from "../auth-schemas.js";
import { clientOf, setSessionCookie, signedInAnswer } from "./route-helpers.js";

/** OAuth sign-in: the redirect to the provider and the callback it sends the browser back to. */
export const oauthRoutes = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .get("/sign-in/social/:provider", {
      summary: "Start a sign-in with a social provider",
      description: "Answers 302 to the provider. `redirectTo` (a path or a URL on a trusted origin) is where the callback sends the browser once signed in.",
    })
    .query(z.object({ redirectTo: z.string().max(2000).optional() }))
    .handler(async ({ params, query, organizationId, reply }) => {
      const url = await services.oauth.authorizationUrl({
        providerId: params.provider,
        organizationId,
        ...(query.redirectTo ? { redirectTo: query.redirectTo } : {}),
      });
      reply.redirect(url.toString(), 302);
    })
    .get("/callback/:provider", {
      summary: "OAuth callback",
      description: "Sets the session cookie and redirects to `redirectTo` when the sign-in started with one; otherwise answers the session like a password sign-in.",
    })
    .query(z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) }))
    .output(signedInSchema)
    .handler(async ({ params, query, request, reply }) => {
      const { signedIn, redirectTo } = await services.oauth.callback({ providerId: params.provider, code: query.code, state: query.state, client: clientOf(request) });
      if (redirectTo) {
        setSessionCookie(services, reply, { token: signedIn.token, expiresAt: signedIn.session.expiresAt });
        reply.redirect(redirectTo, 302);
        return;
      }
      return { data: signedInAnswer(services, reply, signedIn) };
    })
    .build();
