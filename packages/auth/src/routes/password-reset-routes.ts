import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { emailSchema, okSchema, passwordSchema } from "../auth-schemas.js";
import { clientOf } from "./route-helpers.js";

/** Password reset by mail: a request that answers the same for every address, then the confirmation. */
export const passwordResetRoutes = ({ services }: RouteContext) =>
  router("Authentication", "/auth")
    .post("/request-password-reset", {
      summary: "Ask for a password-reset mail",
      description: [
        "Always answers `{ success: true }`, whether or not the address has an account; the mail (valid one hour) goes",
        "out only when it does, and not beyond the per-address and per-IP mail limits (`emailRateLimit`).",
      ].join(" "),
    })
    .input(z.object({ email: emailSchema }))
    .output(okSchema)
    .handler(async ({ input, request }) => {
      await services.auth.requestPasswordReset({ email: input.email, client: clientOf(request) });
      return { data: { success: true as const } };
    })
    .post("/reset-password", {
      summary: "Set a new password with the token from the mail",
      description: "Ends every session of the user.",
    })
    .input(z.object({ token: z.string().min(1).max(200), newPassword: passwordSchema }))
    .output(okSchema)
    .handler(async ({ input }) => {
      await services.auth.resetPassword(input.token, input.newPassword);
      return { data: { success: true as const } };
    })
    .build();
