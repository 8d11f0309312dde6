import { definePlugin } from "@unified-commerce/core";
import type { Plugin, PluginManifest } from "@unified-commerce/plugin-sdk";
import { authMigrations } from "./auth-migrations.js";
import { authErrorCodes } from "./auth-errors.js";
import { AUTH_VERSION } from "./version.js";
import {
  assertAuthConfig,
  assertProductionSettings,
  resolveAuthSettings,
  type AuthPluginOptions,
} from "./auth-options.js";
import { authDb } from "./auth-tables.js";
import { createApiKeyService, type ApiKeyService } from "./api-key-service.js";
import { createAuthService, type AuthService } from "./auth-service.js";
import { createCredentialCache } from "./credential-cache.js";
import { createAuthenticator } from "./authenticator.js";
import { createOrganizationService, type OrganizationService } from "./organization-service.js";
import { createMembershipService, type MembershipService } from "./membership-service.js";
import { createTwoFactorService } from "./two-factor-service.js";
import { createOAuthService, type OAuthService } from "./oauth-service.js";
import { createMemberCredentials } from "./member-credentials.js";
import { createInvitationService, type InvitationService } from "./invitation-service.js";
import { signUpEmail } from "./routes/sign-up-email.js";
import { signInEmail } from "./routes/sign-in-email.js";
import { signInTwoFactor } from "./routes/sign-in-two-factor.js";
import { getSession } from "./routes/get-session.js";
import { signOut } from "./routes/sign-out.js";
import { listSessions } from "./routes/list-sessions.js";
import { revokeSession } from "./routes/revoke-session.js";
import { changePassword } from "./routes/change-password.js";
import { listOrganizations } from "./routes/list-organizations.js";
import { setActiveOrganization } from "./routes/set-active-organization.js";
import { createApiKey } from "./routes/create-api-key.js";
import { listApiKeys } from "./routes/list-api-keys.js";
import { revokeApiKey } from "./routes/revoke-api-key.js";
import { listApiKeyScopes } from "./routes/list-api-key-scopes.js";
import { listMembers } from "./routes/list-members.js";
import { inviteMember } from "./routes/invite-member.js";
import { listInvitations } from "./routes/list-invitations.js";
import { revokeInvitation } from "./routes/revoke-invitation.js";
import { acceptInvitation } from "./routes/accept-invitation.js";
import { updateMember } from "./routes/update-member.js";
import { removeMember } from "./routes/remove-member.js";
import { twoFactorRoutes } from "./routes/two-factor-routes.js";
import { passwordResetRoutes } from "./routes/password-reset-routes.js";
import { emailVerificationRoutes } from "./routes/email-verification-routes.js";
import { oauthRoutes } from "./routes/oauth-routes.js";

// Auth extends the registries through plugin-sdk, the module every plugin augments, and never through
// `@unified-commerce/core`: TypeScript (5.9 and 6 alike) splits an interface augmented through two
// different re-exporting modules into two types, and a server listing auth and a plugin would see
// `Services` without the plugin's service (or without auth's), inside core's own files.
declare module "@unified-commerce/plugin-sdk" {
  interface Services {
    auth: AuthService;
    apiKeys: ApiKeyService;
    organizations: OrganizationService;
    memberships: MembershipService;
    invitations: InvitationService;
    oauth: OAuthService;
  }
}

/**
 * Authentication and tenancy as a plugin: sessions (cookie and bearer), API keys, roles, organizations,
 * two-factor, password reset, e-mail verification and OAuth sign-in. It reads the `auth` section of the
 * configuration; `options` holds what is not part of it (mailer, hashing costs, OAuth endpoints).
 *
 * ```ts
 * export default defineConfig({ auth: { roles: { admin: { permissions: ["*:*"] } } }, plugins: [auth()] });
 * ```
 */
export function auth(options: AuthPluginOptions = {}): Plugin {
  const manifest: PluginManifest = {
    id: "auth",
    version: AUTH_VERSION,
    permissions: [
      { scope: "api-keys:manage", description: "Mint, list and revoke the organization's API keys" },
      {
        scope: "members:manage",
        description: "List the organization's members, invite people, change members' roles and remove them",
      },
    ],
    schema: { migrations: authMigrations },
    errors: authErrorCodes,
    services: ({ db, database: access, events, config, secrets, logger, services }) => {
      const settings = resolveAuthSettings(config, options, logger);
      const database = authDb(db);
      const credentialCache = createCredentialCache(settings.credentialCacheSeconds);
      const apiKeys = createApiKeyService({
        db: database,
        database: access,
        events,
        config,
        roles: settings.roles,
        cache: credentialCache,
      });
      const twoFactor = createTwoFactorService(database, secrets, settings.twoFactor.issuer, credentialCache);
      const authService = createAuthService({
        db: database,
        database: access,
        events,
        settings,
        apiKeys,
        twoFactor,
        credentialCache,
        onBackgroundError: (error) => logger.error({ err: error }, "auth background task failed"),
      });
      return {
        auth: authService,
        apiKeys,
        organizations: createOrganizationService(database),
        memberships: createMembershipService({
          database: access,
          events,
          roles: settings.roles,
          cache: credentialCache,
          apiKeys,
        }),
        invitations: createInvitationService({
          database: access,
          events,
          roles: settings.roles,
          signUpRole: settings.signUpRole,
          cache: credentialCache,
          mailer: settings.mailer,
          baseUrl: settings.baseUrl,
          onBackgroundError: (error) => logger.error({ err: error }, "auth background task failed"),
        }),
        oauth: createOAuthService({ db: database, auth: authService, outbound: services.outbound }),
        memberCredentials: createMemberCredentials({ users: authService.users, apiKeys, roles: settings.roles }),
      };
    },
    authenticator: ({ services }) => createAuthenticator(services.auth),
    routes: (context) => [
      ...signUpEmail(context),
      ...signInEmail(context),
      ...signInTwoFactor(context),
      ...getSession(context),
      ...signOut(context),
      ...listSessions(context),
      ...revokeSession(context),
      ...changePassword(context),
      ...listOrganizations(context),
      ...setActiveOrganization(context),
      ...createApiKey(context),
      ...listApiKeys(context),
      ...revokeApiKey(context),
      ...listApiKeyScopes(context),
      ...listMembers(context),
      ...inviteMember(context),
      ...listInvitations(context),
      ...revokeInvitation(context),
      ...acceptInvitation(context),
      ...updateMember(context),
      ...removeMember(context),
      ...twoFactorRoutes(context),
      ...passwordResetRoutes(context),
      ...emailVerificationRoutes(context),
      ...oauthRoutes(context),
    ],
  };
  const register = definePlugin(manifest);
  return (config) => {
    // Checked when the plugin is applied, inside boot: a misconfigured server never starts.
    assertAuthConfig(config.auth);
    assertProductionSettings(config, options);
    return register(config);
  };
}
