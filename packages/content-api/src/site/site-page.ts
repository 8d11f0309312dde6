/** A page of the studio's site; its HTML view is rendered from the same markdown as its markdown view. */
export interface SitePage {
  /** Canonical path, e.g. `/pricing` or `/articles/my-slug`. */
  path: string;
  title: string;
  description: string;
  /** Clean markdown: no navigation, styles or scripts. */
  markdown: string;
}

/** The markdown view's path of a page: `.md` appended (`/` becomes `/index.md`). */
export function markdownPath(path: string): string {
  return path === "/" ? "/index.md" : `${path}.md`;
}
