import { z } from "zod";

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
