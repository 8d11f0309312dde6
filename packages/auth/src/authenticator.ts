import type { FastifyRequest } from "fastify";
import type { Actor, Authenticator, RequestGuard } from "@unified-commerce/core";
import { authErrors } from "./auth-errors.js";
import { normalizeOrigin } from "./auth-options.js";
import type { AuthService, Headers } from "./auth-service.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The actor of a set of request headers: null for anonymous, and also for malformed, unknown, expired or
 * revoked credentials (the authenticator's guard then answers 401 where a bearer token or API key was
 * rejected). Throws when the check could not run (database unreachable, schema drift, two copies of
 * this package loaded): callers must never turn that into anonymous.
 */
export async function resolveActor(headers: Headers, auth: AuthService): Promise<Actor | null> {
  return (await auth.authenticate(headers)).actor;
}

/** Whether the route is one of the auth package's own (`/api/auth/...`, whatever the API prefix). */
export function isAuthRoute(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url;
  return /^(\/[^/]+)?\/auth(\/|$)/.test(path);
}

/**
 * What a session still pending two-factor enrolment may do: enrol, read itself, list and end its own
 * sessions. Route patterns after the API prefix, with their method.
 */
const ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  "POST /auth/two-factor/enable",
  "POST /auth/two-factor/verify",
  "GET /auth/get-session",
  "GET /auth/sessions",
  "DELETE /auth/sessions/:id",
  "POST /auth/sign-out",
]);

/** Whether the route is one a session pending two-factor enrolment may use (`ENROLMENT_ROUTES`). */
export function isEnrolmentRoute(request: FastifyRequest): boolean {
  const path = request.routeOptions.url;
  // Unknown routes (no pattern) are refused like any other.
  if (path === undefined) return false;
  const match = /^(?:\/[^/]+)?(\/auth\/.*)$/.exec(path);
  return match !== null && ENROLMENT_ROUTES.has(`${request.method} ${match[1]}`);
}

/**
 * The kernel's authenticator: resolves actors, then guards every non-public route.
 * - A rejected bearer token or API key answers 401 (outside `/api/auth/*`, so a client can still sign in);
 *   a stale cookie is treated as anonymous, because browsers keep sending cookies the server forgot.
 * - Cookie-authenticated mutations need a trusted `Origin` (bearer and API-key requests cannot be forged
 *   cross-site, so they are exempt).
 * - Members of a role in `twoFactor.requiredForRoles` without two-factor get TWO_FACTOR_REQUIRED on
 *   every route, the auth plugin's own included, except the enrolment routes (`ENROLMENT_ROUTES`):
 *   a pending owner cannot mint an API key or manage members on the way. API keys are exempt.
 */
export function createAuthenticator(auth: AuthService): Authenticator {
  const { settings } = auth;

  const rejectedCredential: RequestGuard = (request) => {
    const state = auth.recall(request);
    if (state?.isRejected && state.method !== "cookie" && !isAuthRoute(request)) throw authErrors.invalidCredential();
  };

  const trustedOrigin: RequestGuard = (request) => {
    const state = auth.recall(request);
    if (state?.method !== "cookie" || !state.actor || !MUTATIONS.has(request.method)) return;
    const origin = request.headers.origin;
    const normalized = typeof origin === "string" ? normalizeOrigin(origin) : null;
    if (!normalized || !settings.trustedOrigins.has(normalized)) throw authErrors.untrustedOrigin();
  };

  const requiredTwoFactor: RequestGuard = (request) => {
    if (settings.twoFactor.requiredForRoles.size === 0) return;
    const state = auth.recall(request);
    const role = state?.session?.role;
    if (!state?.session || !role || state.session.isTwoFactorEnabled) return;
    if (settings.twoFactor.requiredForRoles.has(role) && !isEnrolmentRoute(request))
      throw authErrors.twoFactorRequired();
  };

  return {
    async resolveActor(request) {
      const state = await auth.authenticate(request.headers);
      auth.remember(request, state);
      return state.actor;
    },
    guards: [rejectedCredential, trustedOrigin, requiredTwoFactor],
  };
}
