import type { paths } from "./generated/openapi.js";
import type { ApiResult, Operation } from "./operation-types.js";

/** One page of a list path's answer. */
export type PageOf<P extends keyof paths> = ApiResult<Operation<P, "get">>;

interface Pagination {
  page?: number;
  totalPages?: number;
  nextCursor?: string | null;
}

function paginationOf(meta: unknown): Pagination | undefined {
  if (typeof meta !== "object" || meta === null || !("pagination" in meta)) return undefined;
  return (meta as { pagination: Pagination }).pagination;
}

/**
 * Walks a list one page at a time: `cursor` while the server answers a `nextCursor` (keyset paging, stable
 * under inserts), else `page` + 1 until `totalPages`; a list with no pagination meta is one page.
 */
export async function* listPages<Page extends { meta: unknown }>(
  fetchPage: (query: Record<string, unknown>) => Promise<Page>,
  firstQuery: Record<string, unknown> | undefined,
): AsyncGenerator<Page> {
  let query: Record<string, unknown> = { ...firstQuery };
  for (;;) {
    const page = await fetchPage(query);
    yield page;
    const pagination = paginationOf(page.meta);
    if (pagination?.nextCursor) {
      const { page: _page, ...rest } = query;
      query = { ...rest, cursor: pagination.nextCursor };
    } else if (
      pagination?.nextCursor === undefined &&
      pagination?.page !== undefined &&
      pagination.totalPages !== undefined &&
      pagination.page < pagination.totalPages
    ) {
      query = { ...query, page: pagination.page + 1 };
    } else {
      return;
    }
  }
}
