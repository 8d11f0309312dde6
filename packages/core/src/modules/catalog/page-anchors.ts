import {
  generationBumpFunctionStatement,
  generationTableStatement,
  generationTriggerStatement,
} from "../../db/organization-generations.js";

/**
 * Deep offset pages at the cost of a first page. An offset makes PostgreSQL read and drop every row
 * before the page: page 400 of twenty skips 7,980 index entries, about as costly as the rest of the
 * request. Page anchors remember where every `ANCHOR_SPACING`-th row of a list sits in its sort order,
 * as of one generation of the organization's catalog (`catalog_list_generations`, moved by every
 * committed change to its entities or their category and brand links). A deep page then seeks to the
 * nearest anchor before it through the sort index and skips fewer than `ANCHOR_SPACING` rows.
 *
 * The page's statement reads the generation in its own snapshot: when it is not the anchors' generation
 * the page is dropped and the anchors are scanned again, so an answer is always what an offset would
 * have read, whichever process wrote. Anchors are made by a scan of the skipped index entries (what an
 * offset costs once) and extended by later, deeper pages from the last one they have.
 */

/** Rows from one anchor to the next. */
export const ANCHOR_SPACING = 64;

/** The row at `position` of a list (counted from 1), by its place in the sort order. */
export interface PageAnchor {
  position: number;
  /** The sort field's stored value, as the list's keyset statements take it. */
  value: string;
  id: string;
}

interface AnchorEntry {
  /** The organization's generation the anchors were read in. */
  generation: number;
  /** Every `ANCHOR_SPACING`-th row, in order, up to the deepest page asked so far. */
  anchors: PageAnchor[];
  /** Whether the anchors' scan reached the list's end: deeper pages need no more anchors. */
  isComplete: boolean;
}

/** Anchors of recent lists, least recently used out first beyond `maxAnchors` anchors in all. */
export class PageAnchors {
  readonly #entries = new Map<string, AnchorEntry>();
  #size = 0;

  constructor(private readonly maxAnchors: number) {}

  get(key: string): AnchorEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: AnchorEntry): void {
    // A slower reader of an older generation must not replace a newer entry.
    const current = this.#entries.get(key);
    if (current && current.generation > entry.generation) return;
    if (entry.anchors.length > this.maxAnchors) return;
    this.delete(key);
    this.#entries.set(key, entry);
    this.#size += entry.anchors.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#size <= this.maxAnchors) break;
      this.#entries.delete(oldest);
      this.#size -= old.anchors.length;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#size -= entry.anchors.length;
  }
}

/** How one list is read around its anchors; each statement answers the generation its snapshot saw. */
export interface AnchoredList<Row> {
  /**
   * Reads `rows` rows after `from` (from the list's start when null) and answers the rows whose place
   * `n` among them (from 1) is a multiple of `ANCHOR_SPACING`, and how many rows it read.
   */
  scan(
    from: PageAnchor | null,
    rows: number,
  ): Promise<{ generation: number; read: number; anchors: (Omit<PageAnchor, "position"> & { n: number })[] }>;
  /** The page: the rows after `from` (from the start when null), `skip` of them skipped. */
  page(from: PageAnchor | null, skip: number): Promise<{ generation: number; rows: Row[] }>;
}

/** The page at `offset` of the list `key` through its anchors; null when writes kept moving the generation. */
export async function anchoredPage<Row>(
  anchors: PageAnchors,
  key: string,
  offset: number,
  list: AnchoredList<Row>,
): Promise<Row[] | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const entry = await anchorsReaching(anchors, key, offset, list);
    const from = entry.anchors.findLast((anchor) => anchor.position <= offset) ?? null;
    const { generation, rows } = await list.page(from, offset - (from?.position ?? 0));
    if (generation === entry.generation) return rows;
    anchors.delete(key);
  }
  return null;
}

/** Anchors of `key` that reach `offset`: the cached ones, extended from their last, or scanned anew. */
async function anchorsReaching<Row>(
  anchors: PageAnchors,
  key: string,
  offset: number,
  list: AnchoredList<Row>,
): Promise<AnchorEntry> {
  const cached = anchors.get(key);
  const last = cached?.anchors.at(-1) ?? null;
  if (cached && (cached.isComplete || offset - (last?.position ?? 0) < ANCHOR_SPACING)) return cached;
  const start = last?.position ?? 0;
  const rows = offset - start;
  const scanned = await list.scan(last, rows);
  if (cached && scanned.generation !== cached.generation) {
    anchors.delete(key);
    return anchorsReaching(anchors, key, offset, list);
  }
  const entry: AnchorEntry = {
    generation: scanned.generation,
    anchors: [
      ...(cached?.anchors ?? []),
      ...scanned.anchors.map(({ n, value, id }) => ({ position: start + n, value, id })),
    ],
    isComplete: scanned.read < rows,
  };
  anchors.set(key, entry);
  return entry;
}

/** Migration statements: the catalog's list generation and its triggers. */
export const LIST_GENERATION_STATEMENTS = [
  generationTableStatement("catalog_list_generations"),
  generationBumpFunctionStatement("catalog_list_bump_generation", "catalog_list_generations"),
  ...["catalog_entities", "catalog_entity_categories", "catalog_entity_brands"].map((table) =>
    generationTriggerStatement(`${table}_list_generation`, table, "catalog_list_bump_generation"),
  ),
];
