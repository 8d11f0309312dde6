/** Rough bytes of an entry beyond its JSON text: key, entry object, map slot. */
const ENTRY_OVERHEAD_BYTES = 160;

interface Entry {
  revision: number;
  /** The loaded value, or `undefined` when the loader had none for the entity. */
  value: unknown;
  bytes: number;
}

export interface RevisionCache {
  /** The entry for exactly this revision, or `undefined` (a miss). */
  get(key: string, revision: number): { value: unknown } | undefined;
  /** `textLength`: length of the value's JSON text, for the byte budget. */
  set(key: string, revision: number, value: unknown, textLength: number): void;
  /** Bytes held now (estimated). */
  bytes(): number;
}

/**
 * Include values of entities, each valid for one entity revision (see the catalog migrations), least
 * recently used out first within a byte budget. A reader always brings the revision it just read from
 * the database, so an entry of an older revision is a miss and another process's writes are never
 * answered stale. Values must be immutable (`JsonText`).
 */
export function createRevisionCache(maxBytes: number): RevisionCache {
  // Map order is the recency order: a hit moves to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key, revision) {
      const entry = entries.get(key);
      if (entry?.revision !== revision) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, revision, value, textLength) {
      const current = entries.get(key);
      // A slower reader of an older revision must not replace a newer entry.
      if (current && current.revision > revision) return;
      const size = textLength + key.length + ENTRY_OVERHEAD_BYTES;
      if (size > maxBytes) return;
      if (current) remove(key, current);
      entries.set(key, { revision, value, bytes: size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        remove(oldest, entry);
      }
    },
    bytes: () => bytes,
  };
}
