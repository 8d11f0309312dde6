export { auth } from "./auth-plugin.js";
export { AUTH_VERSION } from "./version.js";
export {
  DEFAULT_SESSION_DURATION_SECONDS,
  normalizeOrigin,
  permissionsOfRole,
  type AuthPluginOptions,
  type AuthSettings,
  type OAuthProviderEndpoints,
  type SignInRateLimit,
  type EmailRateLimit,
} from "./auth-options.js";
export { AUTH_COOKIE_PREFIX, SESSION_COOKIE_NAME, sessionCookieName } from "./session-cookie.js";
export { resolveActor, createAuthenticator, isAuthRoute } from "./authenticator.js";
export type { AuthService, RequestAuth, CredentialMethod, ClientInfo, SignedIn, SignInResult } from "./auth-service.js";
export {
  scopePermissions,
  mergeApiKeyScopes,
  type ApiKeyService,
  type ApiKeyInfo,
  type CreatedApiKey,
  type CreateApiKeyInput,
  type RevokeOptions,
  type UserKeysRevocationReason,
} from "./api-key-service.js";
export type { OrganizationService, OrganizationInfo } from "./organization-service.js";
export type { MembershipService, Member } from "./membership-service.js";
export {
  INVITATION_TTL_SECONDS,
  type InvitationService,
  type Invitation,
  type InvitationStatus,
} from "./invitation-service.js";
export type { TwoFactorService } from "./two-factor-service.js";
export type { OAuthService } from "./oauth-service.js";
export type { SessionInfo, ValidatedSession } from "./session-store.js";
export type { UserInfo, Membership } from "./user-store.js";
export { createLogMailer, type Mailer, type MailMessage } from "./mailer.js";
export {
  OWASP_ARGON2ID,
  createPasswordHasher,
  type PasswordHasher,
  type PasswordHashingOptions,
} from "./password-hasher.js";
export { authMigrations } from "./auth-migrations.js";
