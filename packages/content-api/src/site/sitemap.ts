import type { ContentIndex } from "../content/build-content-index.js";
import { STATIC_PAGES } from "./pages.js";

/** sitemap.xml: every page, articles with the date of their last revision. */
export function sitemapXml(index: ContentIndex): string {
  const urls = [
    ...Object.keys(STATIC_PAGES).map((path) => `<url><loc>${index.baseUrl}${path === "/" ? "/" : path}</loc></url>`),
    ...index.articles.map(
      ({ summary }) => `<url><loc>${summary.url}</loc><lastmod>${summary.updated ?? summary.published}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}
