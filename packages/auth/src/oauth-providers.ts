import type { OAuthProviderEndpoints } from "./auth-options.js";

/** Endpoints of the providers configured by id alone in `auth.socialProviders`. */
export const BUILT_IN_OAUTH_PROVIDERS: Record<string, OAuthProviderEndpoints> = {
  github: {
    authorizationEndpoint: "https://github.com/login/oauth/authorize",
    tokenEndpoint: "https://github.com/login/oauth/access_token",
    userInfoEndpoint: "https://api.github.com/user",
    scopes: ["read:user", "user:email"],
  },
  google: {
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    userInfoEndpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
  },
};

/** The profile fields sign-in needs, from a userinfo answer (OIDC `sub` or GitHub's `id`). */
export interface OAuthProfile {
  accountId: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string;
}

export function readProfile(providerId: string, body: Record<string, unknown>): OAuthProfile | null {
  const rawId = body.sub ?? body.id;
  if (typeof rawId !== "string" && typeof rawId !== "number") return null;
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
  // GitHub only answers the primary, verified address in `email`; OIDC providers say so explicitly.
  const isEmailVerified =
    providerId === "github" ? email !== null : body.email_verified === true || body.email_verified === "true";
  const name =
    typeof body.name === "string" && body.name
      ? body.name
      : typeof body.login === "string"
        ? body.login
        : (email?.split("@")[0] ?? "");
  return { accountId: String(rawId), email, isEmailVerified, name };
}
