import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { signedInSchema } from "../auth-schemas.js";
import { clientOf, retryAfterOnLimit, signedInAnswer } from "./route-helpers.js";

const body = z.object({ challenge: z.string().min(1).max(200), code: z.string().trim().min(6).max(20) });

export const signInTwoFactor = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/sign-in/two-factor", {
      summary: "Finish a sign-in with a two-factor code",
      description: [
        "`challenge` comes from the sign-in answer and is spent by this call; `code` is a TOTP code (each accepted",
        "once) or a backup code. Wrong codes count against the account's sign-in failure limit (429 beyond it),",
        "counted before the code is checked.",
      ].join(" "),
    })
    .input(body)
    .output(signedInSchema)
    .handler(async ({ input, request, reply }) => {
      const signedIn = await services.auth
        .completeTwoFactorSignIn({ ...input, client: clientOf(request) })
        .catch(retryAfterOnLimit(reply));
      return { data: signedInAnswer(services, reply, signedIn) };
    })
    .build();
