import type { ContentIndex } from "../content/build-content-index.js";
import { getArticle } from "../content/get-article.js";
import type { ArticleSummary } from "../schemas/article.js";
import { developersMarkdown } from "./developers-markdown.js";
import { markdownPath, type SitePage } from "./site-page.js";

/** The fixed pages of the site, by canonical path. */
export const STATIC_PAGES = {
  "/": homePage,
  "/pricing": (index) => ({
    path: "/pricing",
    title: `Pricing · ${index.company.name}`,
    description: index.pricing.summary ?? `Plans and price bands of ${index.company.name}.`,
    markdown: index.pricing.pricingMarkdown ?? "",
  }),
  "/services": servicesPage,
  "/about": (index) => ({
    path: "/about",
    title: `About · ${index.company.name}`,
    description: index.company.oneLiner,
    markdown: index.company.profileMarkdown ?? "",
  }),
  "/articles": articlesPage,
  "/developers": (index) => ({
    path: "/developers",
    title: `Developers · ${index.company.name}`,
    description: "The content API: JSON endpoints, markdown views, MCP and errors.",
    markdown: developersMarkdown(index),
  }),
} satisfies Record<string, (index: ContentIndex) => SitePage>;

/** The page of one article; an unknown slug is a `not_found` problem. */
export function articlePage(index: ContentIndex, slug: string): SitePage {
  const article = getArticle(index, slug);
  const dates = `Published ${article.published}${article.updated ? `, updated ${article.updated}` : ""}`;
  return {
    path: `/articles/${article.slug}`,
    title: article.title,
    description: article.description,
    markdown: [
      `# ${article.title}`,
      "",
      `*${article.author} · ${dates} · ${article.tags.join(", ")}*`,
      "",
      `> ${article.description}`,
      "",
      article.markdown.trim(),
      "",
    ].join("\n"),
  };
}

function homePage(index: ContentIndex): SitePage {
  const { company } = index;
  return {
    path: "/",
    title: company.name,
    description: company.oneLiner,
    markdown: [
      `# ${company.name}`,
      "",
      `> ${company.oneLiner}`,
      "",
      "## Services",
      "",
      ...index.services.services.map((s) => `- **${s.name}**: ${s.summary}`),
      "",
      "## Pricing",
      "",
      ...index.pricing.plans.map((p) => `- **${p.name}** (${p.type}): ${p.priceDisplay}`),
      "",
      `Details: [pricing](${index.baseUrl}${markdownPath("/pricing")}).`,
      "",
      "## Latest articles",
      "",
      ...index.articles.slice(0, 5).map((a) => articleLine(a.summary)),
      "",
      "## For programs and agents",
      "",
      `- JSON API: ${index.baseUrl}/api (OpenAPI: ${index.baseUrl}/openapi.json)`,
      ...(index.apiIndex.mcp ? [`- MCP: ${index.apiIndex.mcp}`] : []),
      `- Every page as markdown: append \`.md\` or send \`Accept: text/markdown\`; index: ${index.baseUrl}/llms.txt`,
      "",
    ].join("\n"),
  };
}

function servicesPage(index: ContentIndex): SitePage {
  return {
    path: "/services",
    title: `Services · ${index.company.name}`,
    description: `The ${index.services.count} service lines of ${index.company.name}.`,
    markdown: [
      "# Services",
      "",
      index.servicesProse.trim(),
      "",
      ...index.services.services.flatMap((s) => [
        `## ${s.name}`,
        "",
        s.summary,
        "",
        `Average delivery: ${s.averageDelivery}.`,
        "",
      ]),
    ].join("\n"),
  };
}

function articlesPage(index: ContentIndex): SitePage {
  return {
    path: "/articles",
    title: `Articles · ${index.company.name}`,
    description: `Engineering articles by ${index.company.name}, newest first.`,
    markdown: [
      "# Articles",
      "",
      `Tags: ${index.tags.join(", ")}`,
      "",
      ...index.articles.map((a) => articleLine(a.summary)),
      "",
    ].join("\n"),
  };
}

function articleLine(a: ArticleSummary): string {
  return `- [${a.title}](${a.url}) (${a.published}): ${a.description}`;
}
