import { Marked } from "marked";
import type { ContentIndex } from "../content/build-content-index.js";
import { markdownPath, type SitePage } from "./site-page.js";

const EXPLICIT_ID = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

// Headings get ids so sections can be linked; `{#id}` (the pandoc/kramdown syntax) sets one explicitly.
const marked = new Marked({
  renderer: {
    heading({ tokens, depth, text }) {
      const explicit = EXPLICIT_ID.exec(text);
      const inner = this.parser.parseInline(tokens).replace(EXPLICIT_ID, "");
      const id = explicit?.[1] ?? slugify(text);
      return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
    },
  },
});

const NAV: readonly [string, string][] = [
  ["/", "Home"],
  ["/services", "Services"],
  ["/pricing", "Pricing"],
  ["/articles", "Articles"],
  ["/about", "About"],
  ["/developers", "Developers"],
];

const STYLE = `body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;color:#1d1d1f}
nav a{margin-right:1rem}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.3rem .6rem}
pre{overflow:auto;background:#f5f5f7;padding:.8rem}code{font-size:.9em}footer{margin-top:3rem;color:#666;font-size:.9em}`;

/** The HTML view of a page: navigation and styles around the page's markdown, rendered. */
export function renderHtml(page: SitePage, index: ContentIndex): string {
  const base = index.baseUrl;
  const nav = NAV.map(([href, label]) => `<a href="${href}">${label}</a>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<link rel="canonical" href="${base}${page.path}">
<link rel="alternate" type="text/markdown" href="${base}${markdownPath(page.path)}">
<link rel="alternate" type="application/feed+json" title="Articles" href="${base}/feed.json">
<link rel="alternate" type="application/rss+xml" title="Articles" href="${base}/feed.xml">
<style>${STYLE}</style>
</head>
<body>
<nav>${nav}</nav>
<main>
${marked.parse(page.markdown, { async: false })}</main>
<footer>${escapeHtml(index.company.legalName)} · <a href="${markdownPath(page.path)}">markdown</a> · <a href="/api">API</a> · <a href="/llms.txt">llms.txt</a></footer>
</body>
</html>
`;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
