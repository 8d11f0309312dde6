export { createTestApp, createPluginTestApp, type TestApp, type CreateTestAppOptions } from "./create-test-app.js";
export { createTestDatabase, isPostgresTestRun } from "./test-database.js";
export {
  TEST_ACTOR_HEADER,
  TEST_ORGANIZATION_ID,
  createTestActor,
  jsonHeaders,
  readTestActor,
  testAdminActor,
  testCustomerActor,
  testNoPermActor,
  testStaffActor,
  type CreateTestActorOptions,
} from "./test-actors.js";
