import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";

/** `meta.pagination` of a list (core's `cursorPaginationSchema`); `nextCursor` is null on the last page. */
export interface ListPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  nextCursor?: string | null;
}

/** One page as the API client answers it: `{ data, meta }`. */
export interface ListPage<T> {
  data: T[];
  meta?: { pagination?: ListPagination } | undefined;
}

/** Options of {@link useCursorList}. */
export interface CursorListOptions<T> {
  /**
   * The list's query key without the cursor, filters included (`["catalog", "entities", filters]`): a new
   * key starts again from the first page.
   */
  queryKey: readonly unknown[];
  /**
   * Fetches the page after `cursor` (undefined: the first page), typed by the client:
   * `(cursor) => api.get("/api/catalog/entities", { query: { limit: 20, cursor, ...filters } })`.
   */
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>;
}

/** Where a cursor list is, and how to move: forward by `nextCursor`, back through the cursors seen. */
export interface CursorPagerState {
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
}

/** What {@link useCursorList} answers: the page's rows, its state, and the pager {@link CursorPager} renders. */
export interface CursorList<T> {
  rows: T[];
  pagination: ListPagination | undefined;
  isLoading: boolean;
  /** A page is being fetched while the previous one stays on screen. */
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
  pager: CursorPagerState;
}

/**
 * One page of an API list at a time, paged by `cursor` (a keyset: each page costs the same at any depth).
 * The previous page stays on screen while the next loads. The cursors already seen are kept, so "back"
 * needs nothing from the server.
 */
export function useCursorList<T>({ queryKey, fetchPage }: CursorListOptions<T>): CursorList<T> {
  const listKey = JSON.stringify(queryKey);
  const [state, setState] = useState<{ listKey: string; cursors: (string | undefined)[] }>({
    listKey,
    cursors: [undefined],
  });
  const cursors = state.listKey === listKey ? state.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const result = useQuery({
    queryKey: [...queryKey, { cursor: cursor ?? null }],
    queryFn: () => fetchPage(cursor),
    placeholderData: keepPreviousData,
  });
  const pagination = result.data?.meta?.pagination;
  const nextCursor = pagination?.nextCursor ?? null;
  return {
    rows: result.data?.data ?? [],
    pagination,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    error: result.error,
    refetch: () => void result.refetch(),
    pager: {
      pageNumber: cursors.length,
      hasPrevious: cursors.length > 1,
      hasNext: nextCursor !== null && !result.isPlaceholderData,
      previous: () => setState({ listKey, cursors: cursors.slice(0, -1) }),
      next: () => {
        if (nextCursor) setState({ listKey, cursors: [...cursors, nextCursor] });
      },
    },
  };
}
