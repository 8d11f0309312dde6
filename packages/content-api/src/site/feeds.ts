import type { ContentIndex } from "../content/build-content-index.js";
import { escapeHtml } from "./render-html.js";

const FEED_SIZE = 50;

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the newest articles. */
export function jsonFeed(index: ContentIndex): unknown {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: `${index.company.name} articles`,
    home_page_url: `${index.baseUrl}/articles`,
    feed_url: `${index.baseUrl}/feed.json`,
    description: index.company.oneLiner,
    language: "en",
    items: index.articles.slice(0, FEED_SIZE).map(({ article }) => ({
      id: article.url,
      url: article.url,
      title: article.title,
      summary: article.description,
      content_text: article.markdown,
      date_published: `${article.published}T00:00:00Z`,
      ...(article.updated ? { date_modified: `${article.updated}T00:00:00Z` } : {}),
      authors: [{ name: article.author }],
      tags: article.tags,
    })),
  };
}

/** RSS 2.0 of the newest articles. */
export function rssFeed(index: ContentIndex): string {
  const items = index.articles.slice(0, FEED_SIZE).map(
    ({ article }) => `<item>
<title>${escapeHtml(article.title)}</title>
<link>${article.url}</link>
<guid isPermaLink="true">${article.url}</guid>
<description>${escapeHtml(article.description)}</description>
<author>${escapeHtml(`${index.company.email} (${article.author})`)}</author>
<pubDate>${new Date(`${article.published}T00:00:00Z`).toUTCString()}</pubDate>
${article.tags.map((tag) => `<category>${escapeHtml(tag)}</category>`).join("\n")}
</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeHtml(index.company.name)} articles</title>
<link>${index.baseUrl}/articles</link>
<atom:link href="${index.baseUrl}/feed.xml" rel="self" type="application/rss+xml"/>
<description>${escapeHtml(index.company.oneLiner)}</description>
<language>en</language>
${items.join("\n")}
</channel>
</rss>
`;
}
