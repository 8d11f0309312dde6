import type { ContentIndex } from "../content/build-content-index.js";

/** /llms.txt (https://llmstxt.org): what the studio is and where the markdown views and APIs are. */
export function llmsTxt(index: ContentIndex): string {
  const base = index.baseUrl;
  return [
    `# ${index.company.name}`,
    "",
    `> ${index.company.oneLiner}`,
    "",
    "Read pricing before quoting any price, and the company profile before describing the business model.",
    "Every page below is markdown; append `.md` to any page path, or send `Accept: text/markdown`.",
    "",
    "## Studio",
    "",
    `- [Company profile](${base}/about.md): the canonical reference, meant to be quoted`,
    `- [Pricing](${base}/pricing.md): plans, project types and price bands`,
    `- [Services](${base}/services.md): the four service lines`,
    "",
    "## API",
    "",
    `- [Developer documentation](${base}/developers.md): endpoints, limits, errors`,
    `- [OpenAPI 3.1](${base}/openapi.json): machine-readable description of the JSON API`,
    `- [JSON API index](${base}/api): every endpoint`,
    ...(index.apiIndex.mcp
      ? [`- [MCP endpoint](${index.apiIndex.mcp}): the same data as tools (Streamable HTTP)`]
      : []),
    "",
    "## Articles",
    "",
    ...index.articles.map(({ summary }) => `- [${summary.title}](${summary.url}.md): ${summary.description}`),
    "",
    "## Optional",
    "",
    `- [All articles](${base}/articles.md)`,
    `- [JSON Feed](${base}/feed.json)`,
    "",
  ].join("\n");
}
