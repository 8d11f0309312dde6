import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { emailSchema, firstFactorSchema, passwordSchema } from "../auth-schemas.js";
import { clientOf, retryAfterOnLimit, signedInAnswer } from "./route-helpers.js";

const body = z.object({ email: emailSchema, password: passwordSchema });

export const signInEmail = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/sign-in/email", {
      summary: "Sign in with e-mail and password",
      description: [
        "Answers a fresh session `token` (use it as `Authorization: Bearer <token>`) and sets the `uc.session_token`",
        "cookie. An unknown e-mail and a wrong password get the same 401. Rate limited per IP and per account (429);",
        "an attempt is counted before its password is checked. When the user has two-factor on, the answer is",
        "`{ twoFactorRequired: true, challenge }`: finish with `POST /api/auth/sign-in/two-factor`.",
      ].join(" "),
    })
    .input(body)
    .output(firstFactorSchema)
    .handler(async ({ input, organizationId, request, reply }) => {
      const result = await services.auth
        .signIn({ ...input, organizationId, client: clientOf(request) })
        .catch(retryAfterOnLimit(reply));
      if (result.twoFactorRequired) return { data: { twoFactorRequired: true, challenge: result.challenge } };
      return { data: { twoFactorRequired: false, ...signedInAnswer(services, reply, result) } };
    })
    .build();
