import type { Kysely } from "kysely";
import type { Actor, DatabaseAccess, EventBus } from "@unified-commerce/core";
import { authDb, type AuthDb } from "./auth-tables.js";
import { permissionsOfRole, type AuthSettings } from "./auth-options.js";
import { authErrors } from "./auth-errors.js";
import type { ApiKeyService } from "./api-key-service.js";
import type { CredentialCache } from "./credential-cache.js";
import { createAttemptCounter } from "./attempt-counter.js";
import { createLoginRateLimiter } from "./login-rate-limiter.js";
import { createMailRateLimiter } from "./mail-rate-limiter.js";
import { readCookie, sessionCookieName } from "./session-cookie.js";
import { parseApiKey, parseToken } from "./secret-token.js";
import { createSessionStore, type SessionInfo, type SessionStore, type ValidatedSession } from "./session-store.js";
import type { TwoFactorService } from "./two-factor-service.js";
import {
  createUserStore,
  normalizeEmail,
  toUserInfo,
  type UserInfo,
  type UserRow,
  type UserStore,
} from "./user-store.js";
import { createVerificationStore, type VerificationStore } from "./verification-store.js";
import { assertSingleCopy } from "./single-copy.js";

export type CredentialMethod = "apiKey" | "bearer" | "cookie";

/** What the credentials of one request resolved to. */
export interface RequestAuth {
  /** Which credential was read; null when the request carried none. */
  method: CredentialMethod | null;
  actor: Actor | null;
  /** A credential was presented but is malformed, unknown, expired or revoked. */
  isRejected: boolean;
  /** For session credentials (cookie or bearer). */
  session?: ValidatedSession;
  /** The presented session token, kept for this request only (to refresh the cookie's lifetime). */
  token?: string;
}

export type Headers = Record<string, string | string[] | undefined>;

/** Where a request comes from, stored with sessions and used by the sign-in limits. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

export interface SignedIn {
  token: string;
  session: SessionInfo;
  user: UserInfo;
}

export type SignInResult = ({ twoFactorRequired: false } & SignedIn) | { twoFactorRequired: true; challenge: string };

export interface AuthService {
  readonly settings: AuthSettings;
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly verifications: VerificationStore;
  readonly twoFactor: TwoFactorService;
  /** Reads a request's credentials (API key, then bearer, then cookie). Throws only when the check could not run. */
  authenticate(headers: Headers): Promise<RequestAuth>;
  /** Keeps what `authenticate` found for a request, for the guards and the auth routes. */
  remember(request: object, auth: RequestAuth): void;
  recall(request: object): RequestAuth | undefined;
  actorOf(validated: ValidatedSession): Actor;
  signUp(input: {
    email: string;
    password: string;
    name: string;
    organizationId: string;
    client: ClientInfo;
  }): Promise<{ verificationRequired: true } | ({ verificationRequired: false } & SignedIn)>;
  signIn(input: { email: string; password: string; organizationId: string; client: ClientInfo }): Promise<SignInResult>;
  completeTwoFactorSignIn(input: { challenge: string; code: string; client: ClientInfo }): Promise<SignedIn>;
  /**
   * What follows a first factor (password, OAuth): a two-factor challenge for a user who enrolled,
   * otherwise a session. Every sign-in path ends here, so none skips the second factor.
   */
  completeFirstFactor(user: UserRow, requestOrganizationId: string, client: ClientInfo): Promise<SignInResult>;
  /** Opens a session for a user who proved who they are (password, OAuth, two-factor). */
  startSession(user: UserRow, requestOrganizationId: string, client: ClientInfo): Promise<SignedIn>;
  /** Ends the other sessions of the user. */
  changePassword(input: {
    userId: string;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
  }): Promise<{ revokedSessions: number }>;
  /** Staff accounts from the CLI: verified e-mail, a role in one organization. */
  createUser(input: {
    email: string;
    password: string;
    name?: string;
    role: string;
    organizationId: string;
  }): Promise<UserInfo>;
  /**
   * Inserts a user and makes them a member of one organization in ONE transaction with `members.create`
   * (whose subscribers, the customers module's, give a member of the sign-up role a customer profile in it).
   * Answers undefined, writing nothing, when the e-mail is taken.
   */
  createMember(input: {
    user: { email: string; name: string; passwordHash: string | null; isEmailVerified?: boolean };
    organizationId: string;
    role: string;
    isSelfService: boolean;
  }): Promise<UserRow | undefined>;
  setActiveOrganization(validated: ValidatedSession, organizationId: string): Promise<void>;
  /** Sends nothing beyond the per-address and per-IP mail limits, and answers alike in every case. */
  requestPasswordReset(input: { email: string; client: ClientInfo }): Promise<void>;
  resetPassword(token: string, newPassword: string): Promise<void>;
  /** Sends nothing beyond the per-address and per-IP mail limits, and answers alike in every case. */
  sendVerificationEmail(input: { email: string; client: ClientInfo }): Promise<void>;
  verifyEmail(token: string): Promise<void>;
}

const RESET_TTL_SECONDS = 60 * 60;
const VERIFY_TTL_SECONDS = 24 * 60 * 60;
const CHALLENGE_TTL_SECONDS = 5 * 60;

export function createAuthService(input: {
  db: Kysely<AuthDb>;
  /** Transactions for writes that emit domain events (a new member). */
  database: DatabaseAccess;
  events: EventBus;
  settings: AuthSettings;
  apiKeys: ApiKeyService;
  twoFactor: TwoFactorService;
  /** Shared with the API key and two-factor services, so every change evicts what it affects. */
  credentialCache: CredentialCache;
  onBackgroundError: (error: unknown) => void;
}): AuthService {
  const { db, settings, apiKeys, twoFactor, credentialCache } = input;
  const users = createUserStore(db, credentialCache);
  const sessions = createSessionStore(db, settings.sessionDurationSeconds, credentialCache);
  const verifications = createVerificationStore(db);
  // Rows are kept twice the longest window in use: the counts only look back one window.
  const retentionSeconds =
    2 *
    Math.max(
      settings.rateLimit ? settings.rateLimit.windowSeconds : 0,
      settings.emailRateLimit ? settings.emailRateLimit.windowSeconds : 0,
    );
  const attempts = createAttemptCounter(db, retentionSeconds);
  const limiter = createLoginRateLimiter(attempts, settings.rateLimit);
  const mailLimiter = createMailRateLimiter(attempts, settings.emailRateLimit);
  const cookieName = sessionCookieName(settings.isHttps);
  const requests = new WeakMap<object, RequestAuth>();

  const assertPassword = (password: string) => {
    if (password.length < settings.minPasswordLength) throw authErrors.weakPassword(settings.minPasswordLength);
  };
  /** Mail is sent after the answer, so its latency does not tell whether an account exists. */
  const inBackground = (work: () => Promise<unknown>) => {
    void work().catch(input.onBackgroundError);
  };
  const sendVerification = async (user: UserRow) => {
    const token = await verifications.create({
      purpose: "verify-email",
      userId: user.id,
      ttlSeconds: VERIFY_TTL_SECONDS,
    });
    const url = `${settings.baseUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await settings.mailer.send({
      to: user.email,
      kind: "verify-email",
      subject: "Verify your e-mail address",
      text: `Confirm your address: ${url}`,
      url,
    });
  };

  const actorOf = (validated: ValidatedSession): Actor => ({
    id: validated.user.id,
    type: "user",
    organizationId: validated.session.organizationId,
    permissions: permissionsOfRole(settings.roles, validated.role),
    ...(validated.role ? { role: validated.role } : {}),
    email: validated.user.email,
  });

  const fromSession = async (method: "bearer" | "cookie", token: string): Promise<RequestAuth> => {
    const validated = await sessions.validate(token);
    return validated
      ? { method, actor: actorOf(validated), isRejected: false, session: validated, token }
      : { method, actor: null, isRejected: true };
  };

  const createMember: AuthService["createMember"] = ({ user: fields, organizationId, role, isSelfService }) =>
    input.database.transaction(async (trx) => {
      const user = await users.create(fields, authDb(trx));
      if (!user) return undefined;
      await authDb(trx).insertInto("authMemberships").values({ userId: user.id, organizationId, role }).execute();
      // Who signs up acts for themselves; an account made by the CLI has no actor (the system).
      const actor: Actor | null = isSelfService ? { id: user.id, type: "user", organizationId, permissions: [] } : null;
      await input.events.emit(
        {
          organizationId,
          type: "members.create",
          entityType: "membership",
          entityId: user.id,
          payload: {
            after: { role },
            user: { id: user.id, email: user.email, name: user.name },
            isSignUpRole: role === settings.signUpRole,
          },
          actor,
        },
        { trx },
      );
      return user;
    });

  const startSession = async (user: UserRow, requestOrganizationId: string, client: ClientInfo): Promise<SignedIn> => {
    const memberships = await users.memberships(user.id);
    // The store the request came in through when the user belongs to it, else their first store.
    const organizationId = memberships.some((m) => m.organizationId === requestOrganizationId)
      ? requestOrganizationId
      : (memberships[0]?.organizationId ?? requestOrganizationId);
    const created = await sessions.create({
      userId: user.id,
      organizationId,
      ipAddress: client.ip,
      userAgent: client.userAgent ?? null,
    });
    return { ...created, user: toUserInfo(user) };
  };

  const completeFirstFactor = async (
    user: UserRow,
    requestOrganizationId: string,
    client: ClientInfo,
  ): Promise<SignInResult> => {
    if (settings.twoFactor.isEnabled && (await twoFactor.isEnabled(user.id))) {
      const challenge = await verifications.create({
        purpose: "two-factor-challenge",
        userId: user.id,
        ttlSeconds: CHALLENGE_TTL_SECONDS,
        payload: { organizationId: requestOrganizationId },
      });
      return { twoFactorRequired: true, challenge };
    }
    return { twoFactorRequired: false, ...(await startSession(user, requestOrganizationId, client)) };
  };

  return {
    settings,
    users,
    sessions,
    verifications,
    twoFactor,
    actorOf,
    startSession,
    completeFirstFactor,
    createMember,

    async authenticate(headers) {
      assertSingleCopy();
      const apiKey = firstHeader(headers["x-api-key"]);
      const verifyKey = async (key: string): Promise<RequestAuth> => {
        const actor = settings.isApiKeysEnabled ? await apiKeys.verify(key) : null;
        return { method: "apiKey", actor, isRejected: actor === null };
      };
      if (apiKey !== undefined) return verifyKey(apiKey.trim());
      const authorization = firstHeader(headers.authorization);
      const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
      if (bearer) {
        const token = bearer[1] as string;
        // Agent platforms (the Agentic Checkout API) send an API key as `Authorization: Bearer`. A
        // session token (`<id>.<secret>`) never has an API key's shape (`<prefix><id>_<secret>`).
        return parseToken(token) === null && parseApiKey(token) !== null
          ? verifyKey(token)
          : fromSession("bearer", token);
      }
      const cookie = readCookie(firstHeader(headers.cookie), cookieName);
      if (cookie) return fromSession("cookie", cookie);
      return { method: null, actor: null, isRejected: false };
    },

    remember: (request, auth) => void requests.set(request, auth),
    recall: (request) => requests.get(request),

    async signUp({ email, password, name, organizationId, client }) {
      assertPassword(password);
      // Counted whether or not the address is taken, so the limit tells nothing about existing accounts.
      if (!(await mailLimiter.allow({ ip: client.ip, email: normalizeEmail(email) }))) {
        throw authErrors.tooManyRequests("Too many sign-up attempts; try again later", mailLimiter.retryAfterSeconds);
      }
      const passwordHash = await settings.hasher.hash(password);
      const user = await createMember({
        user: { email, name, passwordHash },
        organizationId,
        role: settings.signUpRole,
        isSelfService: true,
      });
      if (!user) {
        if (!settings.requireEmailVerification) throw authErrors.emailTaken();
        // With verification on, a taken address answers like a new one; its owner is told by mail.
        const to = normalizeEmail(email);
        inBackground(() =>
          settings.mailer.send({
            to,
            kind: "sign-up-attempt",
            subject: "Sign-up attempt",
            text: "Someone tried to create an account with your address. If it was you, sign in or reset your password.",
          }),
        );
        return { verificationRequired: true };
      }
      if (settings.requireEmailVerification) {
        inBackground(() => sendVerification(user));
        return { verificationRequired: true };
      }
      return { verificationRequired: false, ...(await startSession(user, organizationId, client)) };
    },

    async signIn({ email, password, organizationId, client }) {
      const normalized = normalizeEmail(email);
      // Counted as a failure before the password is checked (429 beyond the limits), then marked successful.
      const attempt = await limiter.begin({ ip: client.ip, email: normalized });
      const user = await users.findByEmail(normalized);
      // Unknown e-mails are verified against a dummy hash: same answer, about the same time.
      const check = await settings.hasher.verify(user?.passwordHash ?? null, password);
      if (!user || !check.isValid) throw authErrors.invalidCredentials();
      await attempt.markSucceeded();
      if (check.needsRehash) await users.setPasswordHash(user.id, await settings.hasher.hash(password));
      if (settings.requireEmailVerification && !user.emailVerified) throw authErrors.emailNotVerified();
      return completeFirstFactor(user, organizationId, client);
    },

    async completeTwoFactorSignIn({ challenge, code, client }) {
      // The challenge is spent by any attempt: one guess per correct password.
      const used = await verifications.consume("two-factor-challenge", challenge);
      const user = used?.userId ? await users.findById(used.userId) : undefined;
      if (!used || !user) throw authErrors.invalidToken();
      // Whoever knows the password mints challenges at will: codes are limited per user, counted first.
      const attempt = await limiter.beginSecondFactor({ userId: user.id });
      if (!(await twoFactor.verifyCode(user.id, code))) throw authErrors.invalidTwoFactorCode();
      await attempt.markSucceeded();
      return startSession(user, String(used.payload.organizationId ?? settings.defaultOrganizationId), client);
    },

    async changePassword({ userId, sessionId, currentPassword, newPassword }) {
      assertPassword(newPassword);
      const user = await users.findById(userId);
      const check = await settings.hasher.verify(user?.passwordHash ?? null, currentPassword);
      if (!user || !check.isValid) throw authErrors.wrongPassword();
      await users.setPasswordHash(userId, await settings.hasher.hash(newPassword));
      return { revokedSessions: await sessions.invalidateUser(userId, sessionId) };
    },

    async createUser({ email, password, name, role, organizationId }) {
      assertPassword(password);
      const passwordHash = await settings.hasher.hash(password);
      const user = await createMember({
        user: { email, name: name ?? normalizeEmail(email).split("@")[0] ?? "", passwordHash, isEmailVerified: true },
        organizationId,
        role,
        isSelfService: false,
      });
      if (!user) throw authErrors.emailTaken();
      return toUserInfo(user);
    },

    async setActiveOrganization(validated, organizationId) {
      if ((await users.roleIn(validated.user.id, organizationId)) === null) throw authErrors.notMember();
      await sessions.setOrganization(validated.session.id, organizationId);
    },

    async requestPasswordReset({ email, client }) {
      // Counted before the lookup, for every address: beyond the limit nothing is sent, and the answer is the same.
      if (!(await mailLimiter.allow({ ip: client.ip, email: normalizeEmail(email) }))) return;
      const user = await users.findByEmail(email);
      if (!user) return;
      inBackground(async () => {
        const token = await verifications.create({
          purpose: "reset-password",
          userId: user.id,
          ttlSeconds: RESET_TTL_SECONDS,
        });
        const url = `${settings.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await settings.mailer.send({
          to: user.email,
          kind: "reset-password",
          subject: "Reset your password",
          text: `Choose a new password (valid for one hour): ${url}`,
          url,
        });
      });
    },

    async resetPassword(token, newPassword) {
      assertPassword(newPassword);
      const used = await verifications.consume("reset-password", token);
      if (!used?.userId) throw authErrors.invalidToken();
      const userId = used.userId;
      await users.setPasswordHash(userId, await settings.hasher.hash(newPassword));
      // Whoever knew the old password is signed out everywhere, and the keys minted for the account (by
      // anyone, in any organization) stop working; the mailbox owner proved their address.
      await sessions.invalidateUser(userId);
      await input.database
        .transaction((trx) => apiKeys.revokeUserKeys({ userId, reason: "password-reset", actor: null }, trx))
        .finally(() => credentialCache.deleteUser(userId));
      await users.markEmailVerified(userId);
    },

    async sendVerificationEmail({ email, client }) {
      if (!(await mailLimiter.allow({ ip: client.ip, email: normalizeEmail(email) }))) return;
      const user = await users.findByEmail(email);
      if (!user || user.emailVerified) return;
      inBackground(() => sendVerification(user));
    },

    async verifyEmail(token) {
      const used = await verifications.consume("verify-email", token);
      if (!used?.userId) throw authErrors.invalidToken();
      await users.markEmailVerified(used.userId);
    },
  };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
