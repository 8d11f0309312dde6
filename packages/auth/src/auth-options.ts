import type { AuthConfig, CommerceConfig, Logger, RoleMap } from "@unified-commerce/core";
import { DEFAULT_CREDENTIAL_CACHE_SECONDS, MAX_CREDENTIAL_CACHE_SECONDS } from "./credential-cache.js";
import { createLogMailer, type Mailer } from "./mailer.js";
import {
  createPasswordHasher,
  OWASP_ARGON2ID,
  type PasswordHasher,
  type PasswordHashingOptions,
} from "./password-hasher.js";

/** Endpoints of an OAuth 2.0 provider arctic does not preset here (or a test's fake provider). */
export interface OAuthProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Answers the signed-in user as JSON with `sub` (or `id`), `email`, `name`, `email_verified`. */
  userInfoEndpoint: string;
  /** @default ["openid", "email", "profile"] */
  scopes?: readonly string[];
}

/** Limits on sign-in attempts; both are counted in the database so every server process shares them. */
export interface SignInRateLimit {
  /** @default 900 (15 minutes) */
  windowSeconds?: number;
  /** Sign-in attempts per client IP and window. @default 30 */
  maxPerIp?: number;
  /** Failed sign-ins per account (e-mail) and window. @default 10 */
  maxFailuresPerAccount?: number;
}

/**
 * Limits on requests that send mail (sign-up, password reset, verification mail), per target address and
 * per client IP, counted in the database so every server process shares them.
 */
export interface EmailRateLimit {
  /** @default 3600 (one hour) */
  windowSeconds?: number;
  /** Requests per target e-mail address and window. @default 5 */
  maxPerAddress?: number;
  /** Requests per client IP and window. @default 20 */
  maxPerIp?: number;
}

/** Options of `auth()` that are not part of the `auth` configuration section. */
export interface AuthPluginOptions {
  /** Argon2id costs. Lower them only in tests. @default OWASP: 19 MiB, 2 passes, 1 lane */
  passwordHashing?: PasswordHashingOptions;
  /** `false` turns sign-in rate limiting off. */
  signInRateLimit?: SignInRateLimit | false;
  /**
   * Sign-up, password-reset and verification-mail requests per address and per IP; `false` turns it off.
   * Beyond it sign-up answers 429, while reset and verification still answer success but send nothing.
   */
  emailRateLimit?: EmailRateLimit | false;
  /**
   * Sends reset and verification mails (`createSmtpMailer` of `@unified-commerce/mail-smtp`, or your own).
   * @default a mailer that logs that a mail was due, without its link; refused in production (see
   * `allowLogMailerInProduction`)
   */
  mailer?: Mailer;
  /**
   * Boot in production without a `mailer`: nobody receives reset or verification mails (the log shows
   * that one was due, never its link). For a store whose staff are all made with `uc user create`.
   * `MAIL_LOG_IN_PRODUCTION=true` in the reference server. @default false
   */
  allowLogMailerInProduction?: boolean;
  /** Public URL of the server, for links in mails and OAuth callbacks. @default http://localhost:3000 */
  baseUrl?: string;
  /** Role given to people who sign up by themselves. @default "customer" */
  signUpRole?: string;
  /** Endpoints of social providers that are not built in (`github` and `google` are). */
  oauthProviders?: Record<string, OAuthProviderEndpoints>;
  /** Minimum password length. @default 8 */
  minPasswordLength?: number;
  /**
   * Seconds a validated session or API key is kept in this process, so a client's requests do not each
   * cost a database lookup. Sign-out, revocation, password, membership and two-factor changes made
   * through this process evict it at once; made by another process (or by SQL), they take effect within
   * this many seconds. `0` turns the cache off. At most 5.
   * @default 2
   */
  credentialCacheSeconds?: number;
}

/** Everything the auth services need, resolved once at boot. */
export interface AuthSettings {
  sessionDurationSeconds: number;
  isHttps: boolean;
  roles: RoleMap;
  trustedOrigins: ReadonlySet<string>;
  isApiKeysEnabled: boolean;
  twoFactor: { isEnabled: boolean; requiredForRoles: ReadonlySet<string>; issuer: string };
  requireEmailVerification: boolean;
  hasher: PasswordHasher;
  rateLimit: Required<SignInRateLimit> | false;
  emailRateLimit: Required<EmailRateLimit> | false;
  mailer: Mailer;
  baseUrl: string;
  signUpRole: string;
  socialProviders: NonNullable<AuthConfig["socialProviders"]>;
  oauthProviders: Record<string, OAuthProviderEndpoints>;
  minPasswordLength: number;
  defaultOrganizationId: string;
  credentialCacheSeconds: number;
}

export const DEFAULT_SESSION_DURATION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Checks the `auth` section at boot: removed keys and two-factor requirements that cannot be met fail
 * here, so a misconfigured server never starts.
 */
export function assertAuthConfig(auth: AuthConfig | undefined): void {
  for (const key of ["enableDevKey", "devKey"] as const) {
    if (auth && key in auth && auth[key] !== undefined) {
      throw new Error(
        `auth.${key} was removed: development keys bypassed authentication. Mint a scoped API key with \`uc api-key create --scope <scope>\` instead.`,
      );
    }
  }
  const required = auth?.twoFactor?.requiredForRoles ?? [];
  if (required.length > 0 && auth?.twoFactor?.enabled !== true) {
    throw new Error(
      `auth.twoFactor.requiredForRoles is set (${required.join(", ")}) but two-factor is disabled: set auth.twoFactor.enabled to true`,
    );
  }
  if (auth?.sessionDuration !== undefined && !(auth.sessionDuration > 0)) {
    throw new Error("auth.sessionDuration must be a positive number of seconds");
  }
  for (const origin of auth?.trustedOrigins ?? []) {
    if (normalizeOrigin(origin) === null)
      throw new Error(`auth.trustedOrigins: "${origin}" is not an origin (scheme://host[:port])`);
  }
}

/**
 * What production refuses, checked when the plugin is applied (before the database is opened), each as
 * one line naming the setting and the reference server's variable:
 * - no mailer: reset and verification mails would reach nobody, unless `allowLogMailerInProduction`;
 * - no HTTPS: session cookies would travel without `Secure`, unless `http.allowInsecureCookies`.
 */
export function assertProductionSettings(config: CommerceConfig, options: AuthPluginOptions): void {
  if (config.environment !== "production") return;
  if (!options.mailer && options.allowLogMailerInProduction !== true) {
    throw new Error(
      "auth: production needs a mailer for password-reset and verification mails: set SMTP_URL and MAIL_FROM (the auth plugin's `mailer`), or MAIL_LOG_IN_PRODUCTION=true (`allowLogMailerInProduction`) to send none",
    );
  }
  if (config.http?.https !== true && config.http?.allowInsecureCookies !== true) {
    throw new Error(
      "auth: production session cookies need HTTPS: set PUBLIC_URL to the store's https:// address (`http.https`), or INSECURE_COOKIES=true (`http.allowInsecureCookies`) to send them without Secure",
    );
  }
}

export function resolveAuthSettings(config: CommerceConfig, options: AuthPluginOptions, logger: Logger): AuthSettings {
  const auth = config.auth ?? {};
  const rateLimit = options.signInRateLimit;
  const emailRateLimit = options.emailRateLimit;
  return {
    sessionDurationSeconds: auth.sessionDuration ?? DEFAULT_SESSION_DURATION_SECONDS,
    isHttps: config.http?.https === true,
    roles: auth.roles ?? {},
    trustedOrigins: new Set((auth.trustedOrigins ?? []).map((origin) => normalizeOrigin(origin) ?? origin)),
    isApiKeysEnabled: auth.apiKeys?.enabled !== false,
    twoFactor: {
      isEnabled: auth.twoFactor?.enabled === true,
      requiredForRoles: new Set(auth.twoFactor?.requiredForRoles ?? []),
      issuer: auth.twoFactor?.issuer ?? "Unified Commerce",
    },
    requireEmailVerification: auth.requireEmailVerification === true,
    hasher: createPasswordHasher(options.passwordHashing ?? OWASP_ARGON2ID),
    rateLimit:
      rateLimit === false
        ? false
        : {
            windowSeconds: rateLimit?.windowSeconds ?? 900,
            maxPerIp: rateLimit?.maxPerIp ?? 30,
            maxFailuresPerAccount: rateLimit?.maxFailuresPerAccount ?? 10,
          },
    emailRateLimit:
      emailRateLimit === false
        ? false
        : {
            windowSeconds: emailRateLimit?.windowSeconds ?? 3600,
            maxPerAddress: emailRateLimit?.maxPerAddress ?? 5,
            maxPerIp: emailRateLimit?.maxPerIp ?? 20,
          },
    mailer: options.mailer ?? createLogMailer(logger),
    baseUrl: (options.baseUrl ?? "http://localhost:3000").replace(/\/$/, ""),
    signUpRole: options.signUpRole ?? "customer",
    socialProviders: auth.socialProviders ?? {},
    oauthProviders: options.oauthProviders ?? {},
    minPasswordLength: options.minPasswordLength ?? 8,
    defaultOrganizationId: config.defaultOrganizationId ?? "default",
    credentialCacheSeconds: resolveCredentialCacheSeconds(options.credentialCacheSeconds),
  };
}

function resolveCredentialCacheSeconds(value: number | undefined): number {
  if (value === undefined) return DEFAULT_CREDENTIAL_CACHE_SECONDS;
  if (!Number.isFinite(value) || value < 0 || value > MAX_CREDENTIAL_CACHE_SECONDS) {
    throw new Error(`auth({ credentialCacheSeconds }) must be between 0 and ${MAX_CREDENTIAL_CACHE_SECONDS} seconds`);
  }
  return value;
}

/** `https://Shop.example:443/path` -> `https://shop.example`; null when it is not an http(s) origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Permissions a role grants; an unknown role grants nothing. */
export function permissionsOfRole(roles: RoleMap, role: string | null | undefined): readonly string[] {
  if (!role) return [];
  return Object.hasOwn(roles, role) ? (roles[role]?.permissions ?? []) : [];
}
