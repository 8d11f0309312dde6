import { AppError, defineErrors } from "@unified-commerce/core";
import type { ErrorCodesOf } from "@unified-commerce/plugin-sdk";

/** The one code only this package answers with; the manifest declares it (`errors`). */
export const authErrorCodes = defineErrors({
  TWO_FACTOR_REQUIRED: { status: 403, message: "Two-factor authentication must be enabled for this role" },
});

// Through plugin-sdk, like every plugin (see auth-plugin.ts for why).
declare module "@unified-commerce/plugin-sdk" {
  interface ErrorCodes extends ErrorCodesOf<typeof authErrorCodes> {}
}

/**
 * The auth package's coded failures. Most reuse the kernel's generic codes; the message, and
 * `details.reason` where a client must tell cases apart, carry the specifics.
 */
export const authErrors = {
  /** The same answer for an unknown e-mail and a wrong password: nothing tells which it was. */
  invalidCredentials: () => new AppError("UNAUTHORIZED", { message: "Invalid e-mail or password" }),
  /** `details.retryAfterSeconds`: the routes copy it into `Retry-After`. */
  tooManyRequests: (message: string, retryAfterSeconds: number) =>
    new AppError("TOO_MANY_REQUESTS", { message, details: { retryAfterSeconds } }),
  sessionRequired: () => new AppError("UNAUTHORIZED", { message: "A signed-in session is required" }),
  invalidCredential: () =>
    new AppError("UNAUTHORIZED", { message: "The presented credential is invalid, expired or revoked" }),
  emailNotVerified: () =>
    new AppError("FORBIDDEN", {
      message: "The e-mail address is not verified yet",
      details: { reason: "EMAIL_NOT_VERIFIED" },
    }),
  untrustedOrigin: () =>
    new AppError("FORBIDDEN", {
      message: "Cookie-authenticated changes need an Origin listed in auth.trustedOrigins",
      details: { reason: "UNTRUSTED_ORIGIN" },
    }),
  twoFactorRequired: () => new AppError("TWO_FACTOR_REQUIRED"),
  twoFactorDisabled: () =>
    new AppError("NOT_FOUND", { message: "Two-factor authentication is not enabled on this server" }),
  invalidTwoFactorCode: () =>
    new AppError("UNAUTHORIZED", {
      message: "Invalid or already used two-factor code",
      details: { reason: "INVALID_TWO_FACTOR_CODE" },
    }),
  wrongPassword: () =>
    new AppError("FORBIDDEN", { message: "The current password is incorrect", details: { reason: "WRONG_PASSWORD" } }),
  invalidToken: () =>
    new AppError("VALIDATION_FAILED", {
      message: "The token is invalid, expired or already used",
      issues: [{ path: "body.token", message: "invalid, expired or already used" }],
    }),
  weakPassword: (min: number) =>
    AppError.validation([{ path: "body.password", message: `must be at least ${min} characters` }]),
  emailTaken: () => AppError.conflict("An account with this e-mail already exists"),
  notMember: () => AppError.forbidden("You are not a member of that organization"),
  notSessionActor: () => AppError.forbidden("Only a signed-in session can do this (not an API key)"),
  unknownRole: (role: string, configured: readonly string[]) =>
    AppError.validation([
      {
        path: "body.role",
        message: `unknown role "${role}"; configured: ${configured.length > 0 ? configured.join(", ") : "none (declare auth.roles)"}`,
      },
    ]),
  /** Also the answer for invitations of other organizations and ones no longer pending. */
  invitationNotFound: () =>
    new AppError("NOT_FOUND", { message: "Pending invitation not found", details: { reason: "INVITATION_NOT_FOUND" } }),
  /** Also the answer for members of other organizations: they are invisible. */
  memberNotFound: () =>
    new AppError("NOT_FOUND", { message: "Member not found", details: { reason: "MEMBER_NOT_FOUND" } }),
  alreadyMember: () =>
    new AppError("CONFLICT", {
      message: "This user is already a member of the organization",
      details: { reason: "ALREADY_MEMBER" },
    }),
  lastOwner: () =>
    new AppError("CONFLICT", {
      message:
        "The organization would be left without an owner (a member whose role grants *:*): make another member an owner first",
      details: { reason: "LAST_OWNER" },
    }),
  roleBeyondGrantor: (role: string, missing: readonly string[]) =>
    new AppError("FORBIDDEN", {
      message: `The role "${role}" grants permissions you do not hold: ${missing.join(", ")}`,
      details: { reason: "ROLE_EXCEEDS_YOUR_PERMISSIONS" },
    }),
  memberBeyondGrantor: (role: string, missing: readonly string[]) =>
    new AppError("FORBIDDEN", {
      message: `This member's role "${role}" grants permissions you do not hold (${missing.join(", ")}): you cannot change or remove them`,
      details: { reason: "MEMBER_OUTRANKS_YOU" },
    }),
};
