import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { firstFactorSchema } from "../auth-schemas.js";
import { clientOf, setSessionCookie, signedInAnswer } from "./route-helpers.js";

/** OAuth sign-in: the redirect to the provider and the callback it sends the browser back to. */
export const oauthRoutes = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .get("/sign-in/social/:provider", {
      summary: "Start a sign-in with a social provider",
      description: [
        "Answers 302 to the provider. `redirectTo` is where the callback sends the browser once signed in:",
        "a path, or a URL, resolved against the server's `baseUrl` as a browser would; its origin must be the server's",
        "or a trusted one (422 otherwise).",
      ].join(" "),
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
      description: [
        "Finishes like a password sign-in. Without `redirectTo`: the session (and cookie), or",
        "`{ twoFactorRequired: true, challenge }` for a user with two-factor (finish with",
        "`POST /api/auth/sign-in/two-factor`). With `redirectTo`: a redirect there, with the session cookie, or, for a",
        "user with two-factor, without a cookie and with the challenge in the URL fragment",
        "(`#twoFactorChallenge=<challenge>`, which browsers never send to a server).",
      ].join(" "),
    })
    .query(z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) }))
    .output(firstFactorSchema)
    .handler(async ({ params, query, request, reply }) => {
      const { result, redirectTo } = await services.oauth.callback({
        providerId: params.provider,
        code: query.code,
        state: query.state,
        client: clientOf(request),
      });
      if (redirectTo) {
        const target = new URL(redirectTo);
        if (result.twoFactorRequired)
          target.hash = new URLSearchParams({ twoFactorChallenge: result.challenge }).toString();
        else setSessionCookie(services, reply, { token: result.token, expiresAt: result.session.expiresAt });
        reply.redirect(target.href, 302);
        return;
      }
      if (result.twoFactorRequired) return { data: { twoFactorRequired: true, challenge: result.challenge } };
      return { data: { twoFactorRequired: false, ...signedInAnswer(services, reply, result) } };
    })
    .build();
