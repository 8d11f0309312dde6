/**
 * The media module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/media/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { mediaModule } from "./media-module.js";
export type { MediaConfig } from "./media-config.js";
export type { CreateAssetInput, MediaAsset, MediaService } from "./media-service.js";
export { localDiskStorage, type MediaStorage } from "./media-storage.js";
export { DEFAULT_PUBLIC_MEDIA_ROLES, DOWNLOAD_ROLE } from "./media-visibility.js";
