import { pageOffset, type PaginationQuery } from "../http/pagination.js";

/**
 * Where a list's page and total come from. `rows` must order by an indexed key (with the primary key as
 * tie-break) so that an index answers the page by reading `offset + limit` entries, whatever the size of
 * the table: never a window count (`count(*) over ()`), which makes PostgreSQL build and sort every
 * matching row before returning the first.
 */
export interface ListPageSource<Row> {
  /** One window of the list, in its order. */
  rows(window: { limit: number; offset: number }): Promise<Row[]>;
  /**
   * The exact total from counts maintained in the writing transactions, or `null` when these filters
   * have no maintained count. Omit it for lists without maintained counts.
   */
  maintainedTotal?: () => Promise<number | null>;
  /** Exact `count(*)` of the filtered rows: used only when the page and the maintained counts cannot tell. */
  countAll(): Promise<number>;
}

/**
 * One page of a list with its exact total: the page first, then the total from the cheapest exact
 * source. A short page tells the total by itself (everything up to its last row), so small lists and last
 * pages never count; otherwise a maintained count, and only when there is none, `count(*)`.
 *
 * Page and total are two statements: outside a transaction each sees the data as of its own start (as
 * two requests would); pass a transaction's queries in `source` for one snapshot.
 */
export async function listPage<Row>(
  query: PaginationQuery,
  source: ListPageSource<Row>,
): Promise<{ rows: Row[]; total: number }> {
  const offset = pageOffset(query);
  const rows = await source.rows({ limit: query.limit, offset });
  // A page with fewer rows than asked (but some, or the first page) ends the list: the total is known.
  if (rows.length < query.limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
  const maintained = source.maintainedTotal ? await source.maintainedTotal() : null;
  return { rows, total: maintained ?? (await source.countAll()) };
}
