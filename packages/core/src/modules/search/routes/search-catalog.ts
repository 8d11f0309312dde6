import { z } from "zod";
import { router } from "../../../http/router.js";
import { AppError } from "../../../kernel/app-error.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { entityStatusSchema } from "../../catalog/index.js";
import { ATTRIBUTE_NAME, searchHitSchema, searchQueryOf } from "../search-schemas.js";

const query = z
  .object({
    q: z.string().max(500).optional(),
    type: z.string().min(1).max(100).optional(),
    category: z.uuid().optional(),
    brand: z.uuid().optional(),
    status: entityStatusSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    facets: z.string().max(1_000).optional(),
  })
  // `attr.<name>` keys, repeatable: checked by name below, since their names are the caller's.
  .catchall(z.union([z.string().max(500), z.array(z.string().max(500)).max(50)]));

/** `attr.color=red&attr.color=blue&attr.size=m` → `{ color: ["red", "blue"], size: ["m"] }`; bad names are a 422. */
function attributeFilters(raw: Record<string, unknown>): Record<string, string[]> {
  // A Map, not an object: names are the caller's, and `constructor` or `__proto__` are names like any other.
  const filters = new Map<string, string[]>();
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith("attr.")) continue;
    const name = key.slice("attr.".length);
    if (!ATTRIBUTE_NAME.test(name))
      throw AppError.validation([{ path: `query.${key}`, message: "attribute names must match ^[A-Za-z0-9_-]+$" }]);
    filters.set(name, [...(filters.get(name) ?? []), ...(Array.isArray(value) ? value : [value])].map(String));
  }
  return Object.fromEntries(filters);
}

function facetNames(value: string | undefined): string[] {
  const names = [
    ...new Set(
      (value ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const bad = names.find((name) => !ATTRIBUTE_NAME.test(name));
  if (bad !== undefined)
    throw AppError.validation([{ path: "query.facets", message: `facet "${bad}" must match ^[A-Za-z0-9_-]+$` }]);
  return names;
}

export const searchCatalogRoute = ({ services }: RouteContext) =>
  router("Search", "/search")
    .get("/", {
      summary: "Search the catalog",
      description: [
        "`q`, filters `type`, `category`, `brand`, `status`, repeatable `attr.<name>` (values of one name ORed, names",
        "ANDed; names match ^[A-Za-z0-9_-]+$), `facets` (type, category, brand, status, attribute names).",
        "Only filterable custom fields, by their approved en values. A query matching more entities than the adapter",
        "ranks (1,000 by default) answers the best of those candidates, `meta.total` as that limit and",
        "`meta.isTotalExact: false`; facets then count the candidates.",
      ].join(" "),
    })
    .permission("catalog:read")
    .query(query)
    .output(z.array(searchHitSchema))
    .handler(async ({ query: raw, organizationId, actor }) => {
      const { q, type, category, brand, status, page, limit, facets } = raw;
      const result = await services.search.search(
        organizationId,
        searchQueryOf(
          {
            q,
            type,
            category,
            brand,
            status,
            page,
            limit,
            facets: facetNames(facets),
            attributes: attributeFilters(raw),
          },
          actor,
        ),
      );
      return {
        data: result.hits,
        meta: { total: result.total, isTotalExact: result.isTotalExact !== false, page, limit, facets: result.facets },
      };
    })
    .build();
