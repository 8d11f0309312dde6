import { z } from "zod";

/** Query fields of every list: `page` from 1, `limit` 1 to 100. Out of range is a 422, never a silent clamp. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export type PaginationQuery = z.output<typeof paginationQuery>;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** `meta.pagination` of a list that also pages by cursor: `nextCursor` is null on the last page. */
export const cursorPaginationSchema = paginationSchema.extend({ nextCursor: z.string().nullable() });

/** `meta.pagination` for a page of a list of `total` items. */
export function paginate(query: PaginationQuery, total: number): { pagination: Pagination } {
  return { pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}

/** Row offset of a page. */
export function pageOffset(query: PaginationQuery): number {
  return (query.page - 1) * query.limit;
}
