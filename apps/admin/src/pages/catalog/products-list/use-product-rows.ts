import type { ResponseData } from "@unified-commerce/client";
import { useApi } from "../../../api/api-context.js";
import { type CursorList, type ListPage, useCursorList } from "../../../components/use-cursor-list.js";

/** The list's page size: one page of 25 answers fast at any catalog size (a keyset page, one include). */
export const PRODUCTS_PAGE_SIZE = 25;

/** Statuses of a catalog entity (`entityStatusSchema`). */
export const ENTITY_STATUSES = ["draft", "active", "archived", "discontinued"] as const;

export type EntityStatus = (typeof ENTITY_STATUSES)[number];

/** What the list filters by; empty strings are "any". */
export interface ProductFilters {
  q: string;
  status: EntityStatus | "";
  type: string;
  category: string;
  brand: string;
  /** `field:direction` (list route's `sort`); search answers by relevance instead. */
  sort: string;
}

/** One row of the list, from the entity list or from a search hit. */
export interface ProductRow {
  id: string;
  type: string;
  slug: string;
  status: string;
  title: string | null;
  /** Absent on search hits. */
  updatedAt?: string;
}

type Entity = ResponseData<"/api/catalog/entities", "get">[number];

/** The title to show: English first, else the first locale that has one. */
export function titleOf(entity: Pick<Entity, "attributes">): string | null {
  const attributes = entity.attributes ?? {};
  if (attributes.en?.title) return attributes.en.title;
  return Object.values(attributes).find((row) => row.title)?.title ?? null;
}

/** Drops the "any" filters, so the query string only names what narrows the list. */
function narrowing(filters: ProductFilters) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.type.trim() ? { type: filters.type.trim() } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.brand ? { brand: filters.brand } : {}),
  };
}

/**
 * The products of the list page, one page at a time. Without search words it reads the entity list
 * (keyset cursor, the chosen sort, `include=attributes` only, for the title). With words it asks
 * `GET /api/search`, the only route that matches text (title, slug, description, ranked); the list route
 * has no text filter. Search pages by number, so its page number rides in the pager's cursor.
 */
export function useProductRows(filters: ProductFilters): CursorList<ProductRow> {
  const api = useApi();
  const q = filters.q.trim();
  return useCursorList<ProductRow>({
    queryKey: ["catalog", "entities", "list", { ...narrowing(filters), q, sort: q ? null : filters.sort }],
    fetchPage: async (cursor): Promise<ListPage<ProductRow>> => {
      if (q) {
        const page = cursor ? Number(cursor) : 1;
        const { data, meta } = await api.get("/api/search", {
          query: { q, page, limit: PRODUCTS_PAGE_SIZE, ...narrowing(filters) },
        });
        const total = typeof meta?.total === "number" ? meta.total : data.length;
        const totalPages = Math.ceil(total / PRODUCTS_PAGE_SIZE);
        return {
          data: data.map(({ id, type, slug, status, title }) => ({ id, type, slug, status, title })),
          meta: {
            pagination: {
              page,
              limit: PRODUCTS_PAGE_SIZE,
              total,
              totalPages,
              nextCursor: page < totalPages ? String(page + 1) : null,
            },
          },
        };
      }
      const { data, meta } = await api.get("/api/catalog/entities", {
        query: {
          limit: PRODUCTS_PAGE_SIZE,
          sort: filters.sort,
          include: "attributes",
          ...(cursor ? { cursor } : {}),
          ...narrowing(filters),
        },
      });
      return {
        data: data.map((entity) => ({
          id: entity.id,
          type: entity.type,
          slug: entity.slug,
          status: entity.status,
          title: titleOf(entity),
          updatedAt: entity.updatedAt,
        })),
        meta,
      };
    },
  });
}
