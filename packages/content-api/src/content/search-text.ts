/** A searchable field: its text as shown in excerpts and its lower-cased form matched against. */
export interface SearchField {
  text: string;
  lower: string;
}

/**
 * Prepares a field for case-insensitive substring search. Whitespace runs collapse to one space so that
 * excerpts read as prose; the lower-cased copy is used for offsets only when lower-casing kept the length
 * (a few characters, such as the Turkish dotted I, grow when lower-cased).
 */
export function searchText(raw: string): SearchField {
  const text = raw.replace(/\s+/g, " ").trim();
  const lower = text.toLowerCase();
  return { text: lower.length === text.length ? text : lower, lower };
}
