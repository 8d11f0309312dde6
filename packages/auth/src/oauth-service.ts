import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client } from "arctic";
import { AppError, type OutboundClient } from "@unified-commerce/core";
import type { AuthDb } from "./auth-tables.js";
import { normalizeOrigin, type OAuthProviderEndpoints } from "./auth-options.js";
import type { AuthService, ClientInfo, SignInResult } from "./auth-service.js";
import { BUILT_IN_OAUTH_PROVIDERS, readProfile, type OAuthProfile } from "./oauth-providers.js";
import type { UserRow } from "./user-store.js";

const STATE_TTL_SECONDS = 10 * 60;

/** OAuth 2.0 sign-in (authorization code with PKCE) through arctic. */
export interface OAuthService {
  /** Where to send the browser; the state (and PKCE verifier) is kept server-side, single-use. */
  authorizationUrl(input: { providerId: string; organizationId: string; redirectTo?: string }): Promise<URL>;
  /**
   * Exchanges the code, finds or creates the user, then finishes like a password sign-in: a session, or a
   * two-factor challenge for a user who enrolled.
   */
  callback(input: {
    providerId: string;
    code: string;
    state: string;
    client: ClientInfo;
  }): Promise<{ result: SignInResult; redirectTo: string | null }>;
}

/**
 * `outbound` is the kernel's guarded client: the profile (userinfo) call goes through it. arctic makes
 * the token call itself, with `fetch`, to the provider's configured `tokenEndpoint` (an operator's
 * setting, never a caller's input).
 */
export function createOAuthService(input: {
  db: Kysely<AuthDb>;
  auth: AuthService;
  outbound: OutboundClient;
}): OAuthService {
  const { db, auth, outbound } = input;
  const { settings } = auth;

  const provider = (providerId: string) => {
    const credentials = Object.hasOwn(settings.socialProviders, providerId)
      ? settings.socialProviders[providerId]
      : undefined;
    const endpoints: OAuthProviderEndpoints | undefined =
      settings.oauthProviders[providerId] ?? BUILT_IN_OAUTH_PROVIDERS[providerId];
    if (!credentials || !endpoints) throw AppError.notFound(`Social provider "${providerId}"`);
    const redirectUri = credentials.redirectUri ?? `${settings.baseUrl}/api/auth/callback/${providerId}`;
    return { endpoints, client: new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri) };
  };

  const serverOrigin = normalizeOrigin(settings.baseUrl);
  /**
   * Resolves `redirectTo` as a browser would (against the server's origin: `/\evil`, `//evil`, `https:evil`,
   * tabs and newlines all resolve to where the browser would go) and keeps it only when that origin is the
   * server's or a trusted one. The resolved URL is what the callback redirects to, never the raw text.
   */
  const checkRedirect = (redirectTo: string | undefined): string | null => {
    if (!redirectTo) return null;
    const resolved = resolveUrl(redirectTo, settings.baseUrl);
    const origin = resolved ? normalizeOrigin(resolved.href) : null;
    if (resolved && origin && (origin === serverOrigin || settings.trustedOrigins.has(origin))) return resolved.href;
    throw AppError.validation([
      { path: "query.redirectTo", message: "must be a path or a URL on this server's origin or a trusted one" },
    ]);
  };

  const findOrCreateUser = async (
    providerId: string,
    profile: OAuthProfile,
    organizationId: string,
  ): Promise<UserRow> => {
    const linked = await db
      .selectFrom("authAccounts")
      .select("userId")
      .where("providerId", "=", providerId)
      .where("providerAccountId", "=", profile.accountId)
      .executeTakeFirst();
    if (linked) {
      const user = await auth.users.findById(linked.userId);
      if (user) return user;
    }
    if (!profile.email) throw new AppError("UNAUTHORIZED", { message: "The provider did not share an e-mail address" });
    let user = await auth.users.findByEmail(profile.email);
    if (user && !profile.isEmailVerified) {
      // Linking on an unverified address would hand the account to whoever typed it at the provider.
      throw AppError.conflict("An account with this e-mail exists; sign in with its password to link the provider");
    }
    if (user && !user.emailVerified) {
      // Whoever registered this address never proved it: maybe an attacker waiting for its owner. The
      // provider has now proved it, so the account is the provider user's, without what the
      // registrant set up (password, sessions, two-factor).
      // (Removed meanwhile: created below.)
      await auth.users.claimUnverified(user.id);
      user = await auth.users.findById(user.id);
    }
    if (!user) {
      user = await auth.createMember({
        user: {
          email: profile.email,
          name: profile.name,
          passwordHash: null,
          isEmailVerified: profile.isEmailVerified,
        },
        organizationId,
        role: settings.signUpRole,
        isSelfService: true,
      });
      if (!user) throw AppError.conflict("An account with this e-mail was just created; try again");
    }
    await db
      .insertInto("authAccounts")
      .values({ id: randomUUID(), userId: user.id, providerId, providerAccountId: profile.accountId })
      .onConflict((conflict) => conflict.columns(["providerId", "providerAccountId"]).doNothing())
      .execute();
    return user;
  };

  return {
    async authorizationUrl({ providerId, organizationId, redirectTo }) {
      const { endpoints, client } = provider(providerId);
      const checkedRedirect = checkRedirect(redirectTo);
      const codeVerifier = generateCodeVerifier();
      const state = await auth.verifications.create({
        purpose: "oauth-state",
        userId: null,
        ttlSeconds: STATE_TTL_SECONDS,
        payload: { providerId, codeVerifier, organizationId, redirectTo: checkedRedirect },
      });
      return client.createAuthorizationURLWithPKCE(
        endpoints.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        [...(endpoints.scopes ?? ["openid", "email", "profile"])],
      );
    },

    async callback({ providerId, code, state, client: clientInfo }) {
      const { endpoints, client } = provider(providerId);
      const used = await auth.verifications.consume("oauth-state", state);
      const payload = used?.payload ?? {};
      if (!used || payload.providerId !== providerId || typeof payload.codeVerifier !== "string") {
        throw new AppError("UNAUTHORIZED", { message: "Unknown, expired or already used OAuth state" });
      }
      let profile: OAuthProfile | null;
      try {
        const tokens = await client.validateAuthorizationCode(endpoints.tokenEndpoint, code, payload.codeVerifier);
        const response = await outbound.request(endpoints.userInfoEndpoint, {
          headers: {
            authorization: `Bearer ${tokens.accessToken()}`,
            accept: "application/json",
            "user-agent": "unified-commerce",
          },
        });
        if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
        profile = readProfile(providerId, response.json() as Record<string, unknown>);
      } catch (error) {
        throw new AppError("UNAUTHORIZED", { message: `Sign-in with ${providerId} failed`, cause: error });
      }
      if (!profile)
        throw new AppError("UNAUTHORIZED", {
          message: `Sign-in with ${providerId} failed: no account id in the profile`,
        });
      const organizationId =
        typeof payload.organizationId === "string" ? payload.organizationId : settings.defaultOrganizationId;
      const user = await findOrCreateUser(providerId, profile, organizationId);
      const result = await auth.completeFirstFactor(user, organizationId, clientInfo);
      return { result, redirectTo: typeof payload.redirectTo === "string" ? payload.redirectTo : null };
    },
  };
}

function resolveUrl(value: string, base: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
