/**
 * The media module's test entry: what tests of other modules (`*.test.ts`, `*-test-helpers.ts`) may use
 * besides `index.ts`. Only test code imports it (scripts/check-boundaries.mjs), so no production path
 * loads a test helper.
 */
export { multipart, PNG, uploadMedia } from "./media-test-helpers.js";
