import type { ContentIndex } from "../content/build-content-index.js";
import { LIMITS } from "../limits.js";
import { PROBLEM_CODES } from "../schemas/problem.js";
import { PROBLEM_TYPES } from "../problems.js";

/**
 * The developer documentation. Each error code gets a heading with an explicit `{#errors-<code>}` id,
 * the anchor every problem's `type` URL points at.
 */
export function developersMarkdown(index: ContentIndex): string {
  const base = index.baseUrl;
  const { articles, search } = LIMITS;
  return [
    "# Developers",
    "",
    `A public, read-only interface to ${index.company.name}'s pricing, company profile, service lines and articles.`,
    "No key, token or sign-up. Read pricing before quoting any price; read the company profile before describing",
    "the business model; use the article list and search to check whether an article on a topic exists.",
    "",
    "## Endpoints",
    "",
    `Base URL: ${base}. Interface description (OpenAPI 3.1): ${base}/openapi.json.`,
    "",
    "| Method | Path | Description |",
    "|---|---|---|",
    ...index.apiIndex.endpoints.map((e) => `| ${e.method} | \`${e.path}\` | ${e.description} |`),
    "",
    "## Parameters and limits",
    "",
    `- \`GET /api/articles\`: \`tag\` (case-insensitive), \`limit\` ${articles.limit.min} to ${articles.limit.max} (default ${articles.limit.default}), \`offset\` ${articles.offset.min} to ${articles.offset.max} (default ${articles.offset.default}). Newest first.`,
    `- \`GET /api/search\`: \`q\` (required, at least ${search.qMinLength} character; case-insensitive substring of titles, descriptions, tags and bodies), \`limit\` ${search.limit.min} to ${search.limit.max} (default ${search.limit.default}).`,
    `- Successful responses carry \`Cache-Control: public, max-age=${LIMITS.cacheSeconds}\` and an \`ETag\`; send it back in \`If-None-Match\` to get \`304 Not Modified\`.`,
    "- Only GET and OPTIONS (and HEAD) are accepted. CORS is open to any origin.",
    "",
    "## Markdown views",
    "",
    "Every page of the site returns clean markdown when the request sends `Accept: text/markdown`, or when `.md` is",
    `appended to its path (\`${base}/pricing.md\`, \`${base}/index.md\` for the home page). Both representations carry`,
    `\`Vary: Accept\`. An index of them for language models: ${base}/llms.txt.`,
    "",
    "## MCP",
    "",
    index.apiIndex.mcp
      ? `POST ${index.apiIndex.mcp} speaks JSON-RPC 2.0 over Streamable HTTP, statelessly, without authentication. Send \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\`. Tools: \`get_company_profile\`, \`get_pricing\`, \`list_articles\`, \`get_article\`, \`search_articles\`; their structured content matches the JSON API.`
      : "This deployment mounts no MCP endpoint.",
    "",
    "## Errors",
    "",
    "Every non-2xx response is `application/problem+json` (RFC 9457) with `type`, `title`, `status`, `detail`,",
    "`code`, `resolution` and `instance`. The `type` is this page's anchor for the code.",
    "",
    ...PROBLEM_CODES.flatMap((code) => {
      const type = PROBLEM_TYPES[code];
      return [
        `### ${code} {#errors-${code}}`,
        "",
        `Status ${type.status}, “${type.title}”. ${type.when}`,
        "",
        `What to do: ${type.resolution}`,
        "",
      ];
    }),
  ].join("\n");
}
