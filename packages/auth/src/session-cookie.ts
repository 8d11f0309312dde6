/** Prefix of every cookie the auth package sets. */
export const AUTH_COOKIE_PREFIX = "uc";
/** Name of the session cookie (with `__Secure-` in front when the server is configured for HTTPS). */
export const SESSION_COOKIE_NAME = `${AUTH_COOKIE_PREFIX}.session_token`;

/** The cookie name actually used: `__Secure-uc.session_token` over HTTPS. */
export function sessionCookieName(isHttps: boolean): string {
  return isHttps ? `__Secure-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

/** `Set-Cookie` for a session: HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS. */
export function serializeSessionCookie(options: { token: string; maxAgeSeconds: number; isHttps: boolean }): string {
  const parts = [
    `${sessionCookieName(options.isHttps)}=${options.token}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.isHttps) parts.push("Secure");
  return parts.join("; ");
}

/** `Set-Cookie` that removes the session cookie. */
export function clearSessionCookie(isHttps: boolean): string {
  return serializeSessionCookie({ token: "", maxAgeSeconds: 0, isHttps });
}

/** Reads one cookie from a `Cookie` header without a cookie library. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
