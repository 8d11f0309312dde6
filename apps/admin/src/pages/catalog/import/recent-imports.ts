import { useCallback, useState } from "react";

/** An import started from this browser. */
export interface RecentImport {
  id: string;
  filename: string | null;
  createdAt: string;
}

const STORAGE_KEY = "uc-admin:recent-catalog-imports";
const KEEP = 10;

function read(): RecentImport[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as RecentImport[]).filter((entry) => typeof entry?.id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The last imports started from this browser, newest first. The API has no list of imports (only one
 * import by id), so the ids are kept here to come back to an import's progress and refused lines.
 */
export function useRecentImports() {
  const [recent, setRecent] = useState<RecentImport[]>(read);
  const remember = useCallback((entry: RecentImport) => {
    const next = [entry, ...read().filter((known) => known.id !== entry.id)].slice(0, KEEP);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused (private mode): the list only lives as long as the page.
    }
    setRecent(next);
  }, []);
  return { recent, remember };
}
