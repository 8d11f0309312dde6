import type { FastifyReply, FastifyRequest } from "fastify";
import { isAppError, type Services } from "@unified-commerce/core";
import { authErrors } from "../auth-errors.js";
import type { ClientInfo, SignedIn } from "../auth-service.js";
import type { ValidatedSession } from "../session-store.js";
import { clearSessionCookie, serializeSessionCookie } from "../session-cookie.js";
import { toSessionOutput } from "./session-output.js";

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent : null };
}

/** The signed-in session of the request (cookie or bearer); API keys and anonymous callers are refused. */
export function requireSession(services: Services, request: FastifyRequest): ValidatedSession {
  const state = services.auth.recall(request);
  if (state?.session) return state.session;
  throw state?.method === "apiKey" ? authErrors.notSessionActor() : authErrors.sessionRequired();
}

/** A `catch` handler that copies a 429's `details.retryAfterSeconds` into `Retry-After`, then rethrows. */
export function retryAfterOnLimit(reply: FastifyReply): (error: unknown) => never {
  return (error) => {
    if (isAppError(error) && error.code === "TOO_MANY_REQUESTS")
      reply.header("retry-after", String(error.details?.retryAfterSeconds ?? 60));
    throw error;
  };
}

/** Sets the session cookie to live as long as the session does. */
export function setSessionCookie(
  services: Services,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): void {
  const maxAgeSeconds = (session.expiresAt.getTime() - Date.now()) / 1000;
  reply.header(
    "set-cookie",
    serializeSessionCookie({ token: session.token, maxAgeSeconds, isHttps: services.auth.settings.isHttps }),
  );
}

export function clearCookie(services: Services, reply: FastifyReply): void {
  reply.header("set-cookie", clearSessionCookie(services.auth.settings.isHttps));
}

/** The answer of every route that opens a session: token, user and session; sets the cookie too. */
export function signedInAnswer(services: Services, reply: FastifyReply, signedIn: SignedIn) {
  setSessionCookie(services, reply, { token: signedIn.token, expiresAt: signedIn.session.expiresAt });
  return { token: signedIn.token, user: signedIn.user, session: toSessionOutput(signedIn.session) };
}
