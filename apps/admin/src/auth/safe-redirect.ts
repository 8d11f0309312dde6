/**
 * Where to go after signing in: `redirect` only when it is a path of this app, never another site
 * (`//evil.example`, `https://…`) a crafted link could send a fresh session to.
 */
export function safeRedirect(redirect: unknown, basePath: string): string {
  const home = basePath.endsWith("/") ? basePath : `${basePath}/`;
  if (typeof redirect !== "string") return home;
  if (!redirect.startsWith(home) && redirect !== home.slice(0, -1)) return home;
  if (redirect.startsWith("//") || redirect.includes("\\")) return home;
  return redirect;
}

/** The current page as a `redirect` value (path, query and hash). */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
