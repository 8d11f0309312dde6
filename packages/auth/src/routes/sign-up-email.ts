import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { emailSchema, passwordSchema, sessionSchema, userSchema } from "../auth-schemas.js";
import { clientOf, retryAfterOnLimit, signedInAnswer } from "./route-helpers.js";

const body = z.object({ email: emailSchema, password: passwordSchema, name: z.string().trim().min(1).max(200) });

export const signUpEmail = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/sign-up/email", {
      summary: "Create an account with e-mail and password",
      description: [
        "Creates the user as a member (role `customer` by default) of the request's store and signs them in.",
        "With `requireEmailVerification`, no session is opened: the answer is `{ verificationRequired: true }` whether",
        "or not the address was taken, and a verification mail is sent. Limited per address and per client IP (429",
        "beyond `emailRateLimit`, whether or not the address is taken).",
      ].join(" "),
    })
    .input(body)
    .output(
      z.object({
        verificationRequired: z.boolean(),
        token: z.string().optional(),
        user: userSchema.optional(),
        session: sessionSchema.optional(),
      }),
    )
    .handler(async ({ input, organizationId, request, reply }) => {
      const result = await services.auth
        .signUp({ ...input, organizationId, client: clientOf(request) })
        .catch(retryAfterOnLimit(reply));
      if (result.verificationRequired) return { data: { verificationRequired: true } };
      return { data: { verificationRequired: false, ...signedInAnswer(services, reply, result) } };
    })
    .build();
