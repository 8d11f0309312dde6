/** The catalog: `config.catalog`. */
export interface CatalogConfig {
  /**
   * Bytes of memory for the attributes and variants of entities answered recently, kept per entity
   * revision (each read checks the revision in the database, so writes from any process show at once).
   * 0 disables it. @default 33554432 (32 MiB)
   */
  includeCacheBytes?: number;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    catalog?: CatalogConfig;
  }
}
