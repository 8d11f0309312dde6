import { z } from "zod";
import { router, type RouteContext, type Services } from "@unified-commerce/core";
import type { FastifyRequest } from "fastify";
import { authErrors } from "../auth-errors.js";
import { okSchema, passwordSchema } from "../auth-schemas.js";
import { requireSession } from "./route-helpers.js";

const passwordBody = z.object({ password: passwordSchema });
const codeBody = z.object({ code: z.string().trim().min(6).max(20) });

/** The session of a request, once the server has two-factor on and the password was re-entered. */
async function withPassword(services: Services, request: FastifyRequest, password: string) {
  if (!services.auth.settings.twoFactor.isEnabled) throw authErrors.twoFactorDisabled();
  const current = requireSession(services, request);
  const user = await services.auth.users.findById(current.user.id);
  const check = await services.auth.settings.hasher.verify(user?.passwordHash ?? null, password);
  if (!user || !check.isValid) throw authErrors.wrongPassword();
  return current;
}

/** Two-factor enrolment and management; one file because the four routes share their checks. */
export const twoFactorRoutes = ({ services }: RouteContext) =>
  router("Two-factor", "/auth/two-factor")
    .post("/enable", {
      summary: "Enrol in two-factor",
      description: [
        "Needs the password. Answers an `otpauth://` URI (show it as a QR code) and ten backup codes, shown once.",
        "Two-factor is on after `POST /api/auth/two-factor/verify` with a first code.",
      ].join(" "),
    })
    .auth()
    .input(passwordBody)
    .output(z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }))
    .handler(async ({ input, request }) => {
      const current = await withPassword(services, request, input.password);
      return { data: await services.auth.twoFactor.enroll(current.user) };
    })
    .post("/verify", { summary: "Confirm two-factor enrolment with a first TOTP code" })
    .auth()
    .input(codeBody)
    .output(okSchema)
    .handler(async ({ input, request }) => {
      if (!services.auth.settings.twoFactor.isEnabled) throw authErrors.twoFactorDisabled();
      const current = requireSession(services, request);
      if (!(await services.auth.twoFactor.confirm(current.user.id, input.code)))
        throw authErrors.invalidTwoFactorCode();
      return { data: { success: true as const } };
    })
    .post("/disable", { summary: "Turn two-factor off", description: "Needs the password." })
    .auth()
    .input(passwordBody)
    .output(okSchema)
    .handler(async ({ input, request }) => {
      const current = await withPassword(services, request, input.password);
      await services.auth.twoFactor.disable(current.user.id);
      return { data: { success: true as const } };
    })
    .post("/backup-codes", {
      summary: "Replace your backup codes",
      description: "Needs the password; the old codes stop working.",
    })
    .auth()
    .input(passwordBody)
    .output(z.object({ backupCodes: z.array(z.string()) }))
    .handler(async ({ input, request }) => {
      const current = await withPassword(services, request, input.password);
      if (!(await services.auth.twoFactor.isEnabled(current.user.id))) throw authErrors.twoFactorDisabled();
      return { data: { backupCodes: await services.auth.twoFactor.regenerateBackupCodes(current.user.id) } };
    })
    .build();
