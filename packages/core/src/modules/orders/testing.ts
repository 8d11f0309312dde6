/**
 * The orders module's test entry: what tests of other modules (`*.test.ts`, `*-test-helpers.ts`) may use
 * besides `index.ts`. Only test code imports it (scripts/check-boundaries.mjs), so no production path
 * loads a test helper.
 */
export { operator, paidOrder, post, recordingManualAdapter, singleLine } from "./order-aftersale-test-helpers.js";
// The fold the orders module's compaction task runs, for tests that fold on demand rather than wait for it.
export { compactSalesRollups } from "./order-sales-rollups.js";
export { createOrder, orderInput } from "./orders-test-helpers.js";
