import type { SearchField } from "./search-text.js";

/**
 * Which articles contain each three-character sequence of their lower-cased search fields. A substring
 * of three or more characters can only occur in an article holding all of its trigrams, so a query checks
 * a handful of candidates instead of scanning the whole corpus.
 */
export interface TrigramIndex {
  /**
   * Positions (in index order) of the articles that may contain `needle`, ascending; `null` when the
   * needle is shorter than a trigram and every article is a candidate.
   */
  candidates(needle: string): readonly number[] | null;
}

/** Builds the trigram index of articles given by their search fields, in index order. */
export function buildTrigramIndex(articles: readonly (readonly SearchField[])[]): TrigramIndex {
  const postings = new Map<string, number[]>();
  articles.forEach((fields, position) => {
    const seen = new Set<string>();
    for (const { lower } of fields) {
      for (let i = 0; i + 3 <= lower.length; i++) seen.add(lower.slice(i, i + 3));
    }
    for (const trigram of seen) {
      const list = postings.get(trigram);
      if (list) list.push(position);
      else postings.set(trigram, [position]);
    }
  });

  return {
    candidates(needle) {
      if (needle.length < 3) return null;
      const lists: number[][] = [];
      for (let i = 0; i + 3 <= needle.length; i++) {
        const list = postings.get(needle.slice(i, i + 3));
        if (!list) return [];
        lists.push(list);
      }
      lists.sort((a, b) => a.length - b.length);
      let result = lists[0] ?? [];
      for (const list of lists.slice(1)) {
        const other = new Set(list);
        result = result.filter((position) => other.has(position));
        if (result.length === 0) break;
      }
      return result;
    },
  };
}
