/** The catalog: `config.catalog`. */
export interface CatalogConfig {
  /**
   * Bytes of memory for the attributes and variants of entities answered recently, kept per entity
   * revision (each read checks the revision in the database, so writes from any process show at once).
   * 0 disables it. @default 33554432 (32 MiB)
   */
  includeCacheBytes?: number;
  /**
   * Page anchors kept per process, for all lists together (about 150 bytes each): where every 64th entity
   * of a recently paged list sits, so that `page=400` costs what `page=1` does (see `page-anchors.ts`).
   * Each page checks them against the catalog's generation in the database, so writes from any process
   * show at once. 0 disables them: deep pages then skip their offset on the sort index. @default 50000
   */
  pageAnchors?: number;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    catalog?: CatalogConfig;
  }
}
