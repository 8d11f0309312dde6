import type { ListPage, ListPagination } from "./use-cursor-list.js";

/** `meta.pagination` of a list paged by number only (no `nextCursor`): core's `paginationSchema`. */
interface NumberedPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/**
 * Lets {@link useCursorList} page a list that only knows `page` (warehouses, prices, tax classes): the
 * "cursor" is the next page's number, so the same pager and hook serve both kinds of list.
 */
export function pageNumberCursor<T>(
  fetchPage: (page: number) => Promise<{ data: T[]; meta?: { pagination?: NumberedPagination } | undefined }>,
): (cursor: string | undefined) => Promise<ListPage<T>> {
  return async (cursor) => {
    const { data, meta } = await fetchPage(cursor ? Number(cursor) : 1);
    const numbered = meta?.pagination;
    const pagination: ListPagination | undefined = numbered && {
      ...numbered,
      nextCursor: numbered.page < numbered.totalPages ? String(numbered.page + 1) : null,
    };
    return { data, meta: pagination ? { pagination } : undefined };
  };
}
