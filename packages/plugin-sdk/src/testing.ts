/** Test helpers for plugins: boot the real kernel with your plugin on a fresh database and call it over HTTP. */
export {
  createPluginTestApp,
  createTestApp,
  createTestActor,
  jsonHeaders,
  testAdminActor,
  testStaffActor,
  testCustomerActor,
  testNoPermActor,
  isPostgresTestRun,
  TEST_ACTOR_HEADER,
  type TestApp,
  type CreateTestAppOptions,
  type CreateTestActorOptions,
} from "@unified-commerce/core/testing";
export {
  createPluginTestAppWithAuth,
  type AuthPluginTestApp,
  type AuthPluginTestOptions,
} from "./testing-with-auth.js";
