import type { EndpointEntry } from "./schemas/api-index.js";

/** Every REST endpoint, as listed by `GET /api` and described in `/openapi.json`. */
export const REST_ENDPOINTS: readonly EndpointEntry[] = [
  { method: "GET", path: "/api", description: "This index: every endpoint of the API." },
  {
    method: "GET",
    path: "/api/company",
    description: "Company profile. Read it before describing the business model.",
  },
  { method: "GET", path: "/api/services", description: "The four service lines." },
  {
    method: "GET",
    path: "/api/pricing",
    description: "Plans, project types and price bands. Read it before quoting any price.",
  },
  {
    method: "GET",
    path: "/api/articles",
    description: "Published articles, newest first; filter with tag, page with limit and offset.",
  },
  { method: "GET", path: "/api/articles/{slug}", description: "One article with its complete markdown body." },
  {
    method: "GET",
    path: "/api/search",
    description: "Case-insensitive substring search over titles, descriptions, tags and bodies.",
  },
  { method: "GET", path: "/openapi.json", description: "The OpenAPI 3.1 description of this API." },
];

/** The MCP endpoint's entry, listed when the host mounts one. */
export const MCP_ENDPOINT: EndpointEntry = {
  method: "POST",
  path: "/mcp",
  description: "MCP (JSON-RPC 2.0 over Streamable HTTP): the same data as tools for agents.",
};
