import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { emailSchema, okSchema } from "../auth-schemas.js";
import { clientOf } from "./route-helpers.js";

/** E-mail verification (`requireEmailVerification`): send the mail again, confirm with its token. */
export const emailVerificationRoutes = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/send-verification-email", {
      summary: "Send the verification mail again",
      description: [
        "Always answers `{ success: true }`; nothing is sent beyond the per-address and per-IP mail limits",
        "(`emailRateLimit`).",
      ].join(" "),
    })
    .input(z.object({ email: emailSchema }))
    .output(okSchema)
    .handler(async ({ input, request }) => {
      await services.auth.sendVerificationEmail({ email: input.email, client: clientOf(request) });
      return { data: { success: true as const } };
    })
    .post("/verify-email", { summary: "Confirm an e-mail address with the token from the mail" })
    .input(z.object({ token: z.string().min(1).max(200) }))
    .output(okSchema)
    .handler(async ({ input }) => {
      await services.auth.verifyEmail(input.token);
      return { data: { success: true as const } };
    })
    .build();
