import { watch, type FSWatcher } from "node:fs";
import { buildContentIndex, type ContentIndex, type PublicUrls } from "./build-content-index.js";
import { loadContent } from "./load-content.js";

/** Where routes and tools read content from; `current()` is cheap and always returns a complete index. */
export interface ContentSource {
  current(): ContentIndex;
}

/** A content directory loaded into memory, optionally reloaded when its files change. */
export interface ContentStore extends ContentSource {
  /** Reads the directory again; on invalid content keeps serving the previous index and rejects. */
  reload(): Promise<void>;
  /** Stops watching. */
  close(): void;
}

/** Options of {@link createContentStore}. */
export interface ContentStoreOptions extends PublicUrls {
  /** The content directory: `company.md`, `services.md`, `pricing.md`, `articles/*.md`. */
  dir: string;
  /**
   * Reload on file changes (for development: edits show without a restart).
   * @default false
   */
  watch?: boolean;
  /** Told about each reload triggered by a file change: `null` on success, the error otherwise. */
  onReload?: (error: Error | null) => void;
}

/**
 * Loads and indexes a content directory. Rejects with a `ContentError` naming the file and field when the
 * content is invalid, so the host refuses to start rather than serve half the content.
 */
export async function createContentStore(options: ContentStoreOptions): Promise<ContentStore> {
  const urls: PublicUrls = { baseUrl: options.baseUrl, mcpUrl: options.mcpUrl };
  let index = buildContentIndex(await loadContent(options.dir), urls);
  let watcher: FSWatcher | null = null;
  let timer: NodeJS.Timeout | null = null;

  const reload = async (): Promise<void> => {
    index = buildContentIndex(await loadContent(options.dir), urls);
  };

  if (options.watch) {
    watcher = watch(options.dir, { recursive: true }, () => {
      // Editors write a file in several steps; one reload after the burst is enough.
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        reload().then(
          () => options.onReload?.(null),
          (error: unknown) => options.onReload?.(error instanceof Error ? error : new Error(String(error))),
        );
      }, 50);
    });
  }

  return {
    current: () => index,
    reload,
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
