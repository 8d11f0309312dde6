import type { MediaStorage } from "./media-storage.js";

/** Media uploads and where their files live: `config.media`. */
export interface MediaConfig {
  /** Storage adapter for files (S3-compatible stores implement `MediaStorage`). @default local disk in `directory` */
  storage?: MediaStorage;
  /** Directory of the default local-disk storage. @default "<database.dataDir>/media" (".data/media") */
  directory?: string;
  /** Largest accepted upload in bytes; above it the upload is a 413. @default 10485760 (10 MB) */
  maxFileSize?: number;
  /**
   * Secret signing media URLs (`GET /api/media/:id?signed=true`). Set it when several processes serve
   * media or signed URLs must survive a restart. @default a random secret per process
   */
  signingSecret?: string;
  /** Lifetime of a signed media URL in seconds. @default 900 */
  signedUrlTtlSeconds?: number;
  /**
   * Attachment roles that make an asset public: an asset attached in one of them to an entity the caller
   * may read is listed by `include=media` and served to callers without `media:write` (a storefront key,
   * a customer). Every other asset (a `download` file, a vendor's document, an unattached upload) is a
   * 404 to them. `download` is never public, even when listed.
   * @default ["image", "gallery", "hero", "thumbnail", "swatch", "video"]
   */
  publicRoles?: readonly string[];
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    media?: MediaConfig;
  }
}
