import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../api/api-context.js";

/** `meta.pagination` of a list (core's `cursorPaginationSchema`); `nextCursor` is null on the last page. */
export interface ListPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  nextCursor?: string | null;
}

/** Options of {@link useCursorList}. */
export interface CursorListOptions {
  /** The list's route, e.g. `/api/catalog/entities`. */
  path: string;
  /** Filters and sort; a change starts again from the first page. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** @default 20 */
  limit?: number;
}

/** What {@link useCursorList} answers: the page's rows and the pager {@link CursorPager} renders. */
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

/** Where a cursor list is, and how to move: forward by `nextCursor`, back through the cursors seen. */
export interface CursorPagerState {
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
}

/**
 * One page of an API list at a time, paged by `cursor` (a keyset: each page costs the same at any depth).
 * The previous page stays on screen while the next loads. The cursors already seen are kept, so "back"
 * needs no cursor from the server.
 */
export function useCursorList<T>({ path, query = {}, limit = 20 }: CursorListOptions): CursorList<T> {
  const api = useApi();
  const filterKey = JSON.stringify(query);
  const [state, setState] = useState<{ filterKey: string; cursors: (string | undefined)[] }>({
    filterKey,
    cursors: [undefined],
  });
  // New filters start again from the first page.
  const cursors = state.filterKey === filterKey ? state.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const result = useQuery({
    queryKey: [path, query, limit, cursor ?? null],
    queryFn: async () => api.get<T[]>(path, { query: { ...query, limit, ...(cursor ? { cursor } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const pagination = result.data?.meta?.pagination as ListPagination | undefined;
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
      previous: () => setState({ filterKey, cursors: cursors.slice(0, -1) }),
      next: () => {
        if (nextCursor) setState({ filterKey, cursors: [...cursors, nextCursor] });
      },
    },
  };
}
