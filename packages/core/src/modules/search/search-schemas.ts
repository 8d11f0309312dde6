import { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { hasPermission } from "../../kernel/permissions.js";
import type { EntityStatus } from "../catalog/index.js";
import type { SearchQuery } from "./search-adapter.js";

/** Attribute and facet names: the spec's pattern (`GET /api/search` and the MCP `search_products` tool). */
export const ATTRIBUTE_NAME = /^[A-Za-z0-9_-]+$/;

/** One hit of a catalog search, as `GET /api/search` and `search_products` answer it. */
export const searchHitSchema = z.object({
  id: z.string(),
  type: z.string(),
  slug: z.string(),
  status: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  score: z.number().nullable(),
});

/** What a caller asks a catalog search for, before the rules of `searchQueryOf`. */
export interface SearchRequest {
  q?: string | undefined;
  type?: string | undefined;
  category?: string | undefined;
  brand?: string | undefined;
  status?: EntityStatus | undefined;
  page: number;
  limit: number;
  facets: readonly string[];
  attributes: Record<string, string[]>;
}

/**
 * The search service's query for a caller (`GET /api/search` and the MCP `search_products` tool): a blank
 * `q` is no text search, repeated facets count once, and only `catalog:read:unpublished` finds entities
 * that are not active.
 */
export const searchQueryOf = (request: SearchRequest, actor: Actor | null): SearchQuery => ({
  ...(request.q?.trim() ? { q: request.q.trim() } : {}),
  ...(request.type ? { type: request.type } : {}),
  ...(request.category ? { category: request.category } : {}),
  ...(request.brand ? { brand: request.brand } : {}),
  ...(request.status ? { status: request.status } : {}),
  page: request.page,
  limit: request.limit,
  facets: [...new Set(request.facets)],
  attributes: request.attributes,
  isUnpublishedVisible: hasPermission(actor, "catalog:read:unpublished"),
});
