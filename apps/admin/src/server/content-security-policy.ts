/** What the admin's Content-Security-Policy allows beyond its own origin. */
export interface ContentSecurityPolicyOptions {
  /** Origin of the API when it is hosted apart (added to `connect-src` and `img-src`). */
  apiOrigin?: string | undefined;
  /** More origins images may come from (a media CDN, an S3 bucket). @default [] */
  imageOrigins?: readonly string[];
}

/**
 * No inline script anywhere (the SPA is one external module); inline styles are allowed because Mantine
 * injects its CSS variables at runtime. The admin never runs inside another site's frame.
 */
export function contentSecurityPolicy({ apiOrigin, imageOrigins = [] }: ContentSecurityPolicyOptions = {}): string {
  const api = apiOrigin ? [apiOrigin] : [];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...api, ...imageOrigins].join(" "),
    "font-src 'self' data:",
    ["connect-src 'self'", ...api].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
